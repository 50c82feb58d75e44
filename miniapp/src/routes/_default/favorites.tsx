import { createFileRoute } from '@tanstack/react-router'

import { FavoritesPage } from '@/features/games/components/favorites-page'

/** Client-only (spec section 2): the page reads the signed-in player's favourites itself. */
export const Route = createFileRoute('/_default/favorites')({
  component: FavoritesPage,
})
