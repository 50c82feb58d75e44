import { useEffect, useState } from 'react'

/** How long the search waits after the last keystroke before it asks (the spec gives no value). */
export const SEARCH_DEBOUNCE_MS = 300

/** Calls `fn` with the latest arguments once `ms` have passed without another call. */
export function debounce<Args extends unknown[]>(fn: (...args: Args) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const debounced = (...args: Args) => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      fn(...args)
    }, ms)
  }
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  return debounced
}

/** `value` once it has stayed the same for `ms`. */
export function useDebouncedValue<Value>(value: Value, ms: number = SEARCH_DEBOUNCE_MS): Value {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value)
    }, ms)
    return () => {
      clearTimeout(timer)
    }
  }, [value, ms])
  return settled
}
