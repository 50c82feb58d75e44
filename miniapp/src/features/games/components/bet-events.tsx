import { useEffect, useRef } from 'react'

import { type BetEvent, maxBetAlert, useBetEvents } from '@/features/games/live-bets'
import { useFullscreenElement } from '@/lib/fullscreen'
import { currentLocale, LOCALE_TAGS, t } from '@/lib/i18n'
import { formatMoney } from '@/lib/money'
import { type Currency, useCurrencies } from '@/lib/settings'
import { showToast } from '@/lib/toasts'

function amount(minor: number, code: string, currencies: readonly Currency[] | undefined): string {
  const currency = currencies?.find((candidate) => candidate.code === code)
  return currency ? formatMoney(minor, currency, { locale: LOCALE_TAGS[currentLocale()] }) : `${String(minor)} ${code}`
}

function describe(event: BetEvent, currencies: readonly Currency[] | undefined): string | undefined {
  switch (event.event) {
    case 'bet.placebet':
      return t('Bet placed: {amount}', { amount: amount(event.bet.amount, event.bet.currency, currencies) })
    case 'game.bet.restricted':
      return t('Bet refused: your limits do not allow it.')
    case 'game.bet.max.exceed': {
      // Spec section 5: the alert only when both the currency and the max bet are present.
      const alert = maxBetAlert(event)
      return alert ? t('Bet refused: your bonus allows bets up to {amount}.', { amount: amount(alert.maxBetAmount, alert.currency, currencies) }) : undefined
    }
  }
}

/** The signed-in player's bets on this game as the platform publishes them, newest first. */
export function BetEvents({ gameIdentity }: { gameIdentity: string }) {
  const events = useBetEvents(gameIdentity)
  const currencies = useCurrencies()
  const lines = events.map((event) => ({ event, text: describe(event, currencies.data) })).filter((line) => line.text !== undefined)
  // In the browser's full screen only the game's stage shows, not this list: a refused bet arriving then
  // is a toast over the game (toasts follow the full screen), so the player learns why the spin did not run.
  const fullscreen = useFullscreenElement()
  const newest = lines[0]
  const seen = useRef<BetEvent | undefined>(undefined)
  useEffect(() => {
    if (!newest || newest.event === seen.current) return
    seen.current = newest.event
    if (fullscreen && newest.event.event !== 'bet.placebet' && newest.text) showToast({ tone: 'error', title: newest.text })
  }, [newest, fullscreen])
  return (
    <section aria-labelledby="bet-events" className="flex flex-col gap-2">
      <h2 id="bet-events" className="text-base font-semibold text-fg">
        {t('Your bets')}
      </h2>
      <ul aria-live="polite" className="flex flex-col gap-1 text-sm">
        {lines.length === 0 ? <li className="text-hint">{t('Your bets on this game show here as you play.')}</li> : null}
        {lines.map(({ event, text }, index) => (
          <li
            key={event.event === 'bet.placebet' ? event.bet.id : `${event.event}-${String(events.length - index)}`}
            role={event.event === 'bet.placebet' ? undefined : 'alert'}
            className={event.event === 'bet.placebet' ? 'text-fg' : 'text-destructive'}
          >
            {text}
          </li>
        ))}
      </ul>
    </section>
  )
}
