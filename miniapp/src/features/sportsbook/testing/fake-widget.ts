import { vi } from 'vitest'

import type { SportsbookProps, SportsbookSdk } from '@/features/sportsbook/widget-sdk'

/**
 * A stand-in for the sportsbook widget's global in route tests: it records what the app asks of it and
 * lets a test act as the widget (its router moving, a guest's bet, a placed bet).
 */
export function installFakeWidget() {
  const mounts: { props: SportsbookProps; removed: boolean }[] = []
  const sdk = {
    init: vi.fn(),
    set: vi.fn(),
    addSportsBook: vi.fn(({ container, props }: { container: HTMLElement; props: SportsbookProps }) => {
      const mount = { props, removed: false }
      mounts.push(mount)
      container.textContent = `sportsbook at ${props.page ?? 'overview'}`
      return {
        remove: () => {
          mount.removed = true
        },
      }
    }),
    addWidget: vi.fn(() => ({ remove: vi.fn() })),
  } satisfies SportsbookSdk
  window.altenarWSDK = sdk
  return {
    sdk,
    /** The sportsbook currently shown. */
    current: () => mounts.filter((mount) => !mount.removed).at(-1)?.props,
    mounts,
    uninstall: () => {
      delete window.altenarWSDK
    },
  }
}
