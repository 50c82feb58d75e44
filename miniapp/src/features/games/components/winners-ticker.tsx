import { useWinners } from '@/features/games/api/get-winners'
import { Link } from '@tanstack/react-router'
import { currentLocale, LOCALE_TAGS, t } from '@/lib/i18n'
import { formatMoney } from '@/lib/money'
import { useCurrencies } from '@/lib/settings'

const track = 'flex gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]'
/** A win's card: two lines of small text. The placeholder and the "no wins yet" card have its height. */
const card = 'flex min-h-11 flex-col rounded-xl bg-surface px-3 py-2 text-xs'
const PLACEHOLDER_CARDS = 3

/**
 * Everyone's latest big wins (names masked), refreshed while the lobby is open. Its place is the same
 * height while the wins load, once they have, and when there are none yet, so the rows below it never
 * move (a placeholder collapsing on a platform without wins would shift the lobby's layout).
 */
export function WinnersTicker() {
  const winners = useWinners()
  const currencies = useCurrencies()
  // A failure leaves the ticker out: it is decoration around the games, and failures are rare.
  if (winners.isError) return null
  let body
  if (winners.isPending) {
    body = (
      <div aria-hidden="true" className={`${track} overflow-x-hidden`}>
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <div key={index} className={`${card} skeleton w-40 shrink-0`}>
            <span>&nbsp;</span>
            <span>&nbsp;</span>
          </div>
        ))}
      </div>
    )
  } else if (winners.data.length === 0) {
    body = (
      <div className="px-4 pb-1">
        <p className={card}>
          <span className="font-semibold text-fg">{t('No big wins yet')}</span>
          <span className="text-hint">{t('Play a game: yours could be the first.')}</span>
        </p>
      </div>
    )
  } else {
    body = (
      <ul tabIndex={0} aria-label={t('Latest wins')} className={track}>
        {winners.data.slice(0, 12).map((winner) => {
          const currency = currencies.data?.find((candidate) => candidate.code === winner.currency)
          const amount = currency ? formatMoney(winner.win, currency, { locale: LOCALE_TAGS[currentLocale()] }) : `${String(winner.win)} ${winner.currency}`
          return (
            <li key={winner.id} className="shrink-0">
              <Link to="/game/$id" params={{ id: winner.gameIdentity }} className={card}>
                <span className="font-semibold text-fg">{t('{player} won {amount}', { player: winner.playerName, amount })}</span>
                <span className="text-hint">{winner.gameName}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    )
  }
  return (
    <section aria-labelledby="winners" aria-busy={winners.isPending} className="flex flex-col gap-2">
      <h2 id="winners" className="px-4 text-lg font-bold text-fg">
        {t('Latest wins')}
      </h2>
      {body}
    </section>
  )
}
