import { useCallback, useEffect, useState } from 'react'

/** Whole seconds left until a moment, ticking once a second; `restart(seconds)` moves the moment. */
export function useCountdown(initialSeconds: number): { secondsLeft: number; restart: (seconds: number) => void } {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000)
  const [now, setNow] = useState(() => Date.now())
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000))

  useEffect(() => {
    if (secondsLeft === 0) return
    const timer = setInterval(() => {
      setNow(Date.now())
    }, 1000)
    return () => {
      clearInterval(timer)
    }
  }, [secondsLeft])

  const restart = useCallback((seconds: number) => {
    const at = Date.now()
    setNow(at)
    setEndsAt(at + seconds * 1000)
  }, [])
  return { secondsLeft, restart }
}
