/**
 * When the next reminder is due: the session's start plus a whole number of intervals, the first one
 * after `now` (a player who opens a game 50 minutes into a session with a 30-minute interval is reminded
 * at 60, not at 80).
 */
export function nextReminderAt(sessionStartedAt: number, intervalMinutes: number, now: number): number {
  const interval = intervalMinutes * 60_000
  const elapsed = Math.max(0, now - sessionStartedAt)
  return sessionStartedAt + (Math.floor(elapsed / interval) + 1) * interval
}

/** A duration as the reminder says it: `1:05:09` past an hour, else `5:09`. */
export function formatDuration(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const pad = (value: number) => String(value).padStart(2, '0')
  return hours > 0 ? `${String(hours)}:${pad(minutes)}:${pad(seconds)}` : `${String(minutes)}:${pad(seconds)}`
}

/** The intervals the settings offer, in minutes (the platform accepts 1 to 240). */
export const REALITY_CHECK_CHOICES = [15, 30, 60, 120] as const
