import { createFileRoute } from '@tanstack/react-router'

import { providersQueryOptions } from '@/features/games/api/get-providers'
import { ProvidersGrid } from '@/features/games/components/providers-grid'
import { CasinoRouteError } from '@/features/games/components/route-error'

export const Route = createFileRoute('/_default/games/providers')({
  codeSplitGroupings: [['loader', 'component', 'errorComponent']],
  // Warms the list on a hover; the page draws its own skeleton, so the navigation never waits.
  loader: ({ context: { queryClient } }) => {
    queryClient.query(providersQueryOptions()).catch(() => undefined)
  },
  errorComponent: CasinoRouteError,
  component: ProvidersGrid,
})
