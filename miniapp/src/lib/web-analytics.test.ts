import { afterEach, describe, expect, it, vi } from 'vitest'

import { track } from '@/lib/analytics'
import { startWebAnalytics } from '@/lib/web-analytics'

const host = window as unknown as { clarity?: ((...command: unknown[]) => void) & { q?: unknown[][] } }

afterEach(() => {
  delete host.clarity
  document.head.querySelectorAll('script[src*="clarity.ms"]').forEach((script) => {
    script.remove()
  })
  vi.restoreAllMocks()
})

describe('the web analytics (Clarity)', () => {
  it('gives consent, loads the project by id and forwards every analytics event as a custom event', () => {
    const stop = startWebAnalytics('abc123xyz9')
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="clarity.ms"]')
    expect(script?.src).toBe('https://www.clarity.ms/tag/abc123xyz9')
    expect(script?.async).toBe(true)
    track('regfin')
    track('deposit')
    expect(host.clarity?.q).toEqual([['consent'], ['event', 'regfin'], ['event', 'deposit']])
    stop()
    track('bet')
    expect(host.clarity?.q).toHaveLength(3)
  })

  it('hands events to Clarity itself once its script has taken over the queue', () => {
    const stop = startWebAnalytics('abc123xyz9')
    const calls: unknown[][] = []
    host.clarity = (...command: unknown[]) => {
      calls.push(command)
    }
    track('ftd')
    expect(calls).toEqual([['event', 'ftd']])
    stop()
  })

  it('logs a script that does not load, and the app goes on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const stop = startWebAnalytics('abc123xyz9')
    const script = document.head.querySelector('script[src*="clarity.ms"]')
    script?.dispatchEvent(new Event('error'))
    expect(warn).toHaveBeenCalledWith('[web analytics] not loaded', expect.any(Error))
    expect(document.head.querySelector('script[src*="clarity.ms"]')).toBeNull()
    stop()
  })
})
