import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The casino's modals; each loads when its query opens it, never with a page. */
export const gamesModals = {
  categories: lazy(() => import('./categories-modal')),
  'demo-game': lazy(() => import('./demo-game-modal')),
  'demo-unavailable': lazy(() => import('./demo-unavailable-modal')),
  'game-geo-restricted': lazy(() => import('./game-geo-restricted-modal')),
  'game-limit-reached': lazy(() => import('./game-limit-reached-modal')),
  'games-filter': lazy(() => import('./games-filter-modal')),
  'global-search': lazy(() => import('./global-search-modal')),
  'mobile-game': lazy(() => import('./mobile-game-modal')),
} satisfies ModalMap
