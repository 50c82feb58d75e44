import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The profile's modals, loaded with their first opening. */
export const profileModals = {
  avatars: lazy(() => import('./avatars-modal')),
  'change-nickname': lazy(() => import('./change-nickname-modal')),
  'change-pass': lazy(() => import('./change-pass-modal')),
  'confirm-email': lazy(() => import('./confirm-email-modal')),
  'confirm-session-logout': lazy(() => import('./confirm-session-logout-modal')),
  email: lazy(() => import('./email-modal')),
  phone: lazy(() => import('./phone-modal')),
} satisfies ModalMap
