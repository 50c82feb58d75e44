import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The limits' modals, loaded with their first opening. */
export const limitsModals = {
  'add-limit': lazy(() => import('./add-limit-modal')),
  'edit-limit': lazy(() => import('./edit-limit-modal')),
  'confirm-limit-update': lazy(() => import('./confirm-limit-update-modal')),
  'confirm-delete-limit': lazy(() => import('./confirm-delete-limit-modal')),
} satisfies ModalMap
