import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The sign-in and account-recovery modals; each loads its forms and validation when it opens. */
export const authModals = {
  'code-verify': lazy(() => import('./code-verify-modal')),
  'forgot-pass': lazy(() => import('./forgot-pass-modal')),
  'reset-email-send': lazy(() => import('./reset-email-send-modal')),
  'reset-pass': lazy(() => import('./reset-pass-modal')),
  'sign-in': lazy(() => import('./sign-in-modal')),
  'sign-up': lazy(() => import('./sign-up-modal')),
} satisfies ModalMap
