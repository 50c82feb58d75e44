import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The wallet's modals; each loads when it opens. One entry per line, sorted by key. */
export const walletModals = {
  fiat: lazy(() => import('./fiat-modal')),
  'wallet-bonus-info': lazy(() => import('./wallet-bonus-info-modal')),
} satisfies ModalMap
