import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The bonuses' modals; each loads with its first opening, never with a page. One entry per line, sorted. */
export const bonusesModals = {
  'bonus-cancel-lock': lazy(() => import('./bonus-cancel-lock-modal')),
  'bonus-condition': lazy(() => import('./bonus-condition-modal')),
  'bonus-details': lazy(() => import('./bonus-details-modal')),
  'confirm-bonus': lazy(() => import('./confirm-bonus-modal')),
  'confirm-bonus-unsettled': lazy(() => import('./confirm-bonus-unsettled-modal')),
  'get-code': lazy(() => import('./get-code-modal')),
  'package-bonus': lazy(() => import('./package-bonus-modal')),
} satisfies ModalMap
