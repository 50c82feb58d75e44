import { createFileRoute } from '@tanstack/react-router'

import { collectionsQueryOptions } from '@/features/games/api/get-collections'
import { CollectionFeedSkeleton } from '@/features/games/components/collection-feed'
import { Lobby } from '@/features/games/components/lobby'
import { CasinoRouteError } from '@/features/games/components/route-error'

export const Route = createFileRoute('/_default/games/')({
  // The loader too goes in the page's chunk: the home page's bundle carries none of the lobby.
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent']],
  loader: ({ context: { queryClient } }) => queryClient.query({ ...collectionsQueryOptions(), staleTime: 'static' }),
  pendingComponent: CollectionFeedSkeleton,
  errorComponent: CasinoRouteError,
  component: Lobby,
})
