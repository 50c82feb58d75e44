import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The referral programme's modals, loaded with their first opening. */
export const referralModals = {
  'affiliate-program': lazy(() => import('./affiliate-program-modal')),
  'referral-transfer': lazy(() => import('./referral-transfer-modal')),
} satisfies ModalMap
