/**
 * A trailing debounce: calls `run` once, `waitMs` after the last `schedule()`. Real-time bursts (a spin
 * updates a bonus, its wagering and the balance at once) become one list refresh (spec section 9: bonus
 * and free-spin list refresh debounce 500 ms).
 */
export function debounced(run: () => void, waitMs: number): { schedule: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    schedule: () => {
      if (timer !== undefined) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = undefined
        run()
      }, waitMs)
    },
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
    },
  }
}
