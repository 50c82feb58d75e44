import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The loyalty's modals, loaded with their first opening. */
export const loyaltyModals = {
  loyaltyLevel: lazy(() => import('./loyalty-level-modal')),
} satisfies ModalMap
