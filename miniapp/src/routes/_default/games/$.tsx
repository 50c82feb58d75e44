import { createFileRoute } from '@tanstack/react-router'

import { listingQueryOptions } from '@/features/games/api/get-listing'
import { ListingPage } from '@/features/games/components/listing-page'
import { CasinoRouteError } from '@/features/games/components/route-error'
import { parseListingPath } from '@/features/games/listing-path'

export const Route = createFileRoute('/_default/games/$')({
  codeSplitGroupings: [['loader', 'component', 'errorComponent']],
  // Warms the first page on a hover or touch; the page shows tile skeletons until it answers.
  loader: ({ context: { queryClient }, params }) => {
    const parsed = parseListingPath(params._splat ?? '')
    if (parsed.ok) queryClient.infiniteQuery(listingQueryOptions(parsed.filters)).catch(() => undefined)
  },
  errorComponent: CasinoRouteError,
  component: ListingRoute,
})

function ListingRoute() {
  const { _splat } = Route.useParams()
  return <ListingPage params={_splat ?? ''} />
}
