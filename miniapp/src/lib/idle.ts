/**
 * Runs `work` once the browser is idle, at the latest `timeoutMs` later, so it never competes with the
 * first screen or a tap; a browser without idle callbacks runs it on the next task.
 */
export function whenIdle(work: () => void, timeoutMs: number, win: Window = window): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(work, { timeout: timeoutMs })
  else win.setTimeout(work, 0)
}
