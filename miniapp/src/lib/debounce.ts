/**
 * Calls `fn` with the latest arguments once `ms` have passed without another call; `cancel()` drops a
 * call still waiting. Search boxes wait for the last keystroke; real-time bursts (a spin updates a
 * bonus, its wagering and the balance at once) become one list refresh (spec section 9: bonus and
 * free-spin list refresh debounce 500 ms).
 */
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
