import { describe, expect, it, vi } from 'vitest'

import { captureInstallPrompt, promptInstall } from '@/lib/install-prompt'

describe('the install prompt', () => {
  it('keeps the browser’s prompt from showing by itself and shows it when asked, once', async () => {
    captureInstallPrompt(window)
    expect(await promptInstall()).toBe(false)

    const prompt = vi.fn(() => Promise.resolve())
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    })
    window.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(await promptInstall()).toBe(true)
    expect(prompt).toHaveBeenCalledTimes(1)
    // A prompt is good for one use.
    expect(await promptInstall()).toBe(false)
  })
})
