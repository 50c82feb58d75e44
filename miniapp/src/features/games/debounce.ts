import { useEffect, useState } from 'react'

/** How long the search waits after the last keystroke before it asks (the spec gives no value). */
export const SEARCH_DEBOUNCE_MS = 300

/** The shared tier's debounce, which the bonuses' list refresh uses too. */
export { debounce } from '@/lib/debounce'

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
