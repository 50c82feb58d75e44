import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'

import { Button } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import { collectionsQueryOptions } from '@/features/games/api/get-collections'
import { useProvider } from '@/features/games/api/get-provider'
import { BackToGame } from '@/features/games/components/back-to-game'
import { categoryName, sortName } from '@/features/games/components/categories'
import { InfiniteGameGrid } from '@/features/games/components/game-grid'
import { type ListingFilters, parseListingPath } from '@/features/games/listing-path'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'

function BackToLobby() {
  return (
    <Link to="/games" className="flex min-h-11 items-center justify-center rounded-xl bg-button px-5 text-sm font-semibold text-button-fg">
      {t('Back to the lobby')}
    </Link>
  )
}

/** A listing of one provider and nothing else is that provider's page. */
function onlyProvider(filters: ListingFilters): string | undefined {
  const [provider] = filters.providers
  return provider && filters.providers.length === 1 && !filters.category && !filters.collection && filters.features.length === 0 ? provider : undefined
}

function ListingTitle({ filters }: { filters: ListingFilters }) {
  const provider = onlyProvider(filters)
  const providerInfo = useProvider(provider ?? '')
  const collections = useQuery({ ...collectionsQueryOptions(), enabled: filters.collection !== undefined })
  let title = t('All games')
  if (provider) title = providerInfo.data?.name ?? provider
  else if (filters.collection) title = collections.data?.find((collection) => collection.identity === filters.collection)?.name ?? t('Games')
  else if (filters.category) title = categoryName(filters.category)
  else if (filters.providers.length > 0 || filters.features.length > 0) title = t('Filtered games')
  return (
    <div className="flex flex-col gap-1 px-4">
      <h1 className="text-2xl font-bold text-fg">{title}</h1>
      {provider ? <p className="text-sm text-hint">{t('Games by this provider')}</p> : null}
      {filters.sort ? <p className="text-sm text-hint">{t('Sorted: {order}', { order: sortName(filters.sort) })}</p> : null}
    </div>
  )
}

/** `/games/{params}`: the games of the path's filters, page after page; unreadable paths say so. */
export function ListingPage({ params }: { params: string }) {
  const modals = useModals()
  const parsed = parseListingPath(params)
  if (!parsed.ok) {
    return (
      <StateMessage
        title={t('We could not read this listing')}
        description={t('The address holds filters we do not know. Start again from the lobby.')}
        action={<BackToLobby />}
      />
    )
  }
  const filters = parsed.filters
  const active = filters.providers.length + filters.features.length + (filters.sort ? 1 : 0)
  return (
    <div className="flex flex-col gap-4 py-4">
      <ListingTitle filters={filters} />
      <BackToGame />
      <div className="flex gap-2 px-4">
        <Button variant="secondary" onClick={() => void modals.open('games-filter')}>
          {active > 0 ? t('Filters ({count})', { count: String(active) }) : t('Filters')}
        </Button>
        <Button variant="secondary" onClick={() => void modals.open('categories')}>
          {t('Categories')}
        </Button>
      </div>
      <InfiniteGameGrid
        // A new filter is a new listing: its scroll and pages start over.
        key={params}
        filters={filters}
        label={t('Games')}
        empty={
          <StateMessage
            title={t('No games match these filters')}
            description={t('Remove a filter or two, or browse every game.')}
            action={
              <Link to="/games/$" params={{ _splat: 'sort-popular' }} className="flex min-h-11 items-center justify-center rounded-xl bg-button px-5 text-sm font-semibold text-button-fg">
                {t('Show all games')}
              </Link>
            }
          />
        }
        unknown={
          <StateMessage
            title={t('We could not find this listing')}
            description={t('A provider, feature or collection in the address does not exist (any more). Start again from the lobby.')}
            action={<BackToLobby />}
          />
        }
      />
    </div>
  )
}
