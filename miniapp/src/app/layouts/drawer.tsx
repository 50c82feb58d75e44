import { createContext, lazy, type ReactNode, Suspense, use, useSyncExternalStore } from 'react'

import { usePanel } from '@/lib/use-panel'
import { storedSetting } from '@/lib/stored-setting'

/** Where the desktop drawer's compact flag is kept (spec section 3). */
export const DRAWER_COMPACT_KEY = 'drawerCompact'

const compactSetting = storedSetting(DRAWER_COMPACT_KEY, (raw) => (raw === 'true' ? 'true' : 'false'))

/** The desktop drawer's compact flag (icons only), kept across visits and shared by the tabs. */
export function useDrawerCompact(): [boolean, (compact: boolean) => void] {
  const compact = useSyncExternalStore(compactSetting.subscribe, compactSetting.get) === 'true'
  return [
    compact,
    (next) => {
      compactSetting.set(next ? 'true' : 'false')
    },
  ]
}

const DrawerContext = createContext<[boolean, (open: boolean) => void]>([false, () => undefined])

/** The phone drawer's open flag; it closes by itself when the full path changes (spec section 2). */
export function DrawerProvider({ children }: { children: ReactNode }) {
  return <DrawerContext value={usePanel()}>{children}</DrawerContext>
}

export function useDrawer(): [boolean, (open: boolean) => void] {
  return use(DrawerContext)
}

/** Desktops: from this width the drawer stands beside the page (Tailwind's `lg`), below it the bottom navigation shows. */
const WIDE_QUERY = '(min-width: 64rem)'

function subscribeWide(listener: () => void) {
  const media = window.matchMedia(WIDE_QUERY)
  media.addEventListener('change', listener)
  return () => {
    media.removeEventListener('change', listener)
  }
}

/** Whether the side drawer is shown; without media queries (jsdom) it is, like everything else. */
function useWide(): boolean {
  const supported = typeof window.matchMedia === 'function'
  return useSyncExternalStore(supported ? subscribeWide : () => () => undefined, () => !supported || window.matchMedia(WIDE_QUERY).matches)
}

// The panels are a chunk of their own: a phone loads the drawer on its first opening, and never the
// desktop one (the home page's JavaScript budget, docs/performance.md).
const SideDrawerPanel = lazy(async () => ({ default: (await import('@/app/layouts/drawer-panels')).SideDrawer }))
const PhoneDrawerPanel = lazy(async () => ({ default: (await import('@/app/layouts/drawer-panels')).PhoneDrawer }))

/** Desktop: the drawer beside the page, wide or compact at the player's choice. */
export function SideDrawer() {
  return useWide() ? (
    <Suspense fallback={null}>
      <SideDrawerPanel />
    </Suspense>
  ) : null
}

/** Phones and tablets: the drawer over the page while it is open. */
export function PhoneDrawer() {
  const [open] = useDrawer()
  return open ? (
    <Suspense fallback={null}>
      <PhoneDrawerPanel />
    </Suspense>
  ) : null
}
