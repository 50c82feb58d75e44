import { useEffect, useState } from 'react'

import { t } from '@/lib/i18n'

/** Whole seconds from `now` until `at` (an ISO timestamp), never below 0; undefined without a time. */
export function secondsUntil(at: string | null | undefined, now: number): number | undefined {
  if (!at) return undefined
  const end = Date.parse(at)
  if (Number.isNaN(end)) return undefined
  return Math.max(0, Math.floor((end - now) / 1000))
}

/** A countdown as players read it: the two largest units ("2d 5h", "3h 12m", "4m 09s"). */
export function formatTimeLeft(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const rest = seconds % 60
  if (days > 0) return t('{days}d {hours}h', { days, hours })
  if (hours > 0) return t('{hours}h {minutes}m', { hours, minutes })
  return t('{minutes}m {seconds}s', { minutes, seconds: String(rest).padStart(2, '0') })
}

/** Seconds left until `at`, ticking once a second while there are any (expiry countdowns). */
export function useSecondsUntil(at: string | null | undefined): number | undefined {
  const [now, setNow] = useState(() => Date.now())
  const left = secondsUntil(at, now)
  const ticking = left !== undefined && left > 0
  useEffect(() => {
    if (!ticking) return
    const timer = setInterval(() => {
      setNow(Date.now())
    }, 1000)
    return () => {
      clearInterval(timer)
    }
  }, [ticking])
  return left
}
