import { Link } from '@tanstack/react-router'

import { buttonClassName } from '@/components/ui/button'
import { useProviders } from '@/features/games/api/get-providers'
import { BackToGame } from '@/features/games/components/back-to-game'
import { categoryName } from '@/features/games/components/categories'
import { CollectionFeed } from '@/features/games/components/collection-feed'
import { WinnersTicker } from '@/features/games/components/winners-ticker'
import { GAME_CATEGORIES } from '@/features/games/listing-path'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'

const PROVIDERS_SHOWN = 12

const chip = 'flex min-h-11 shrink-0 items-center rounded-full bg-section px-4 text-sm font-semibold text-fg'
const providersTrack = 'flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]'
const PLACEHOLDER_CHIPS = 4

/** `/games`: search, categories, providers, the latest wins and every collection as a row. */
export function Lobby() {
  const modals = useModals()
  return (
    <div className="flex flex-col gap-5 py-4">
      <div className="flex items-center justify-between gap-3 px-4">
        <h1 className="text-2xl font-bold text-fg">{t('Casino')}</h1>
        <button type="button" onClick={() => void modals.open('global-search')} className={buttonClassName('secondary')}>
          {t('Search')}
        </button>
      </div>
      <BackToGame />
      <nav aria-label={t('Categories')} className="flex gap-2 overflow-x-auto px-4 [scrollbar-width:none]">
        <Link to="/games/$" params={{ _splat: 'sort-popular' }} className={chip}>
          {t('All games')}
        </Link>
        {GAME_CATEGORIES.map((category) => (
          <Link key={category} to="/games/$" params={{ _splat: `category-${category}` }} className={chip}>
            {categoryName(category)}
          </Link>
        ))}
        <button type="button" onClick={() => void modals.open('categories')} className={chip}>
          {t('More')}
        </button>
      </nav>
      <nav aria-label={t('Your games')} className="flex gap-2 px-4">
        <Link to="/favorites" className={chip}>
          {t('Favourites')}
        </Link>
        <Link to="/recently-played" className={chip}>
          {t('Recently played')}
        </Link>
      </nav>
      <ProvidersStrip />
      <WinnersTicker />
      <CollectionFeed />
    </div>
  )
}

function ProvidersStrip() {
  const providers = useProviders()
  const headingId = 'lobby-providers'
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3 px-4">
        <h2 id={headingId} className="text-lg font-bold text-fg">
          {t('Providers')}
        </h2>
        <Link to="/games/providers" className="flex min-h-11 items-center text-sm font-semibold text-accent">
          {t('All providers')}
        </Link>
      </div>
      {providers.isPending ? (
        // The strip's own shape (a row of chips), so nothing below moves when the names arrive.
        <div className={`${providersTrack} overflow-x-hidden`} aria-hidden="true">
          {Array.from({ length: PLACEHOLDER_CHIPS }, (_, index) => (
            <div key={index} className={`${chip} skeleton w-28`} />
          ))}
        </div>
      ) : (
        // Provider failures are an empty strip (spec section 8); the link above still leads to all of them.
        <ul className={providersTrack}>
          {[...(providers.data ?? [])]
            .sort((a, b) => b.gamesCount - a.gamesCount)
            .slice(0, PROVIDERS_SHOWN)
            .map((provider) => (
              // Not shrunk to the row's width: a name keeps to one line, as in the placeholder.
              <li key={provider.id} className="shrink-0">
                <Link to="/games/$" params={{ _splat: `provider-${provider.identity}` }} className={chip}>
                  {provider.name}
                </Link>
              </li>
            ))}
        </ul>
      )}
    </section>
  )
}
