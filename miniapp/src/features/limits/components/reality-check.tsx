import { useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { realityCheckQueryOptions, useRealityCheck } from '@/features/limits/api/reality-check'
import { formatDuration, nextReminderAt } from '@/features/limits/reality-check-timing'
import { t } from '@/lib/i18n'
import { modalZIndex } from '@/lib/modals'
import { formatIn } from '@/lib/money-in'
import { haptic } from '@/lib/native'
import { useCurrencies } from '@/lib/settings'

/** The clock, once a second: what the session timer and the reminder read. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now())
    }, 1000)
    return () => {
      clearInterval(timer)
    }
  }, [])
  return now
}

/**
 * On a game page for a signed-in player: the session's time, and every chosen interval a reality check
 * (time played, net result) with "Keep playing" or "Stop" (back to the lobby). Beyond the spec, as
 * regulated operators do it; the interval is the player's choice on the limits page.
 */
export function RealityCheckOnGame() {
  const check = useRealityCheck()
  const now = useNow()
  // Reminders count from the session's start; "keep playing" moves the next one to the interval after it.
  const [acknowledgedAt, setAcknowledgedAt] = useState(() => Date.now())
  const queryClient = useQueryClient()
  const started = check.data ? Date.parse(check.data.sessionStartedAt) : undefined
  const interval = check.data?.intervalMinutes ?? null
  const dueAt = started === undefined || interval === null ? undefined : nextReminderAt(started, interval, acknowledgedAt)
  const open = dueAt !== undefined && now >= dueAt

  useEffect(() => {
    if (!open) return
    haptic('impact')
    // The result as of now, not as of the page's start.
    void queryClient.invalidateQueries({ queryKey: realityCheckQueryOptions().queryKey })
  }, [open, queryClient])

  if (started === undefined) return null
  return (
    <>
      <p className="px-4 text-xs text-hint tabular-nums" data-testid="session-time">
        {t('Session time {time}', { time: formatDuration(now - started) })}
      </p>
      {open ? (
        <RealityCheckDialog
          elapsed={now - started}
          onKeepPlaying={() => {
            setAcknowledgedAt(Date.now())
          }}
        />
      ) : null}
    </>
  )
}

function RealityCheckDialog({ elapsed, onKeepPlaying }: { elapsed: number; onKeepPlaying: () => void }) {
  const check = useRealityCheck()
  const currencies = useCurrencies()
  const navigate = useNavigate()
  const results = check.data?.results ?? []
  return (
    <Dialog title={t('Reality check')} zIndex={modalZIndex(4)} onClose={onKeepPlaying}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg">{t('You have been playing for {time}.', { time: formatDuration(elapsed) })}</p>
        {results.length === 0 ? (
          <p className="text-sm text-hint">{t('No real-money play in this session yet.')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm" aria-label={t('This session')}>
            {results.map((result) => {
              const net = result.won - result.staked
              const amount = formatIn(net, result.currency, currencies.data, 'exceptZero') ?? `${String(net)} ${result.currency}`
              return (
                <li key={result.currency} className="flex justify-between gap-3 rounded-xl bg-section px-3 py-2">
                  <span className="text-hint">{net < 0 ? t('Net loss') : t('Net result')}</span>
                  <span className={`font-semibold tabular-nums ${net > 0 ? 'text-positive' : 'text-fg'}`}>{amount}</span>
                </li>
              )
            })}
          </ul>
        )}
        <Button onClick={onKeepPlaying}>{t('Keep playing')}</Button>
        <Button
          variant="secondary"
          onClick={() => {
            void navigate({ to: '/games' })
          }}
        >
          {t('Stop playing')}
        </Button>
      </div>
    </Dialog>
  )
}
