import { useWinners } from '@/features/games/api/get-winners'
import { Link } from '@tanstack/react-router'
import { currentLocale, LOCALE_TAGS, t } from '@/lib/i18n'
import { formatMoney } from '@/lib/money'
import { useCurrencies } from '@/lib/settings'

/** Everyone's latest big wins (names masked), refreshed while the lobby is open. */
export function WinnersTicker() {
  const winners = useWinners()
  const currencies = useCurrencies()
  if (winners.isPending) return <div className="skeleton mx-4 h-16 rounded-xl" aria-hidden="true" />
  // A ticker is decoration around the games: a failure or no wins yet leaves it out.
  if (winners.isError || winners.data.length === 0) return null
  return (
    <section aria-labelledby="winners" className="flex flex-col gap-2">
      <h2 id="winners" className="px-4 text-lg font-bold text-fg">
        {t('Latest wins')}
      </h2>
      <ul tabIndex={0} aria-label={t('Latest wins')} className="flex gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
        {winners.data.slice(0, 12).map((winner) => {
          const currency = currencies.data?.find((candidate) => candidate.code === winner.currency)
          const amount = currency ? formatMoney(winner.win, currency, { locale: LOCALE_TAGS[currentLocale()] }) : `${String(winner.win)} ${winner.currency}`
          return (
            <li key={winner.id} className="shrink-0">
              <Link to="/game/$id" params={{ id: winner.gameIdentity }} className="flex min-h-11 flex-col rounded-xl bg-surface px-3 py-2 text-xs">
                <span className="font-semibold text-fg">{t('{player} won {amount}', { player: winner.playerName, amount })}</span>
                <span className="text-hint">{winner.gameName}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
