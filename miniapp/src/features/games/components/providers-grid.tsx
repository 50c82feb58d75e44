import { Link } from '@tanstack/react-router'

import { Button } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import { useProviders } from '@/features/games/api/get-providers'
import { BackToGame } from '@/features/games/components/back-to-game'
import { t } from '@/lib/i18n'

const grid = 'grid grid-cols-2 gap-3 px-4 sm:grid-cols-3 lg:grid-cols-4'

/** `/games/providers`: every provider with its games count, each leading to its games. */
export function ProvidersGrid() {
  const providers = useProviders()
  return (
    <div className="flex flex-col gap-4 py-4">
      <h1 className="px-4 text-2xl font-bold text-fg">{t('Game providers')}</h1>
      <BackToGame />
      {providers.isPending ? (
        <div className={grid} aria-busy="true">
          <p role="status" className="sr-only">
            {t('Loading providers')}
          </p>
          {Array.from({ length: 12 }, (_, index) => (
            <div key={index} className="skeleton h-20 rounded-xl" aria-hidden="true" />
          ))}
        </div>
      ) : providers.data?.length ? (
        <ul className={grid}>
          {providers.data.map((provider) => (
            <li key={provider.id}>
              <Link
                to="/games/$"
                params={{ _splat: `provider-${provider.identity}` }}
                className="flex h-20 flex-col justify-center rounded-xl bg-surface px-4 hover:bg-section"
              >
                <span className="font-semibold text-fg">{provider.name}</span>
                <span className="text-xs text-hint">{t('{count} games', { count: String(provider.gamesCount) })}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        // The providers call swallows failures into an empty list (spec section 8): one state for both.
        <StateMessage
          title={t('No providers to show')}
          description={t('The list did not load or is empty. Try again, or browse the games.')}
          action={
            <div className="flex gap-2">
              <Button onClick={() => void providers.refetch()} disabled={providers.isFetching}>
                {t('Retry')}
              </Button>
              <Link to="/games" className="flex min-h-11 items-center px-3 text-sm font-semibold text-accent">
                {t('Back to the lobby')}
              </Link>
            </div>
          }
        />
      )}
    </div>
  )
}
