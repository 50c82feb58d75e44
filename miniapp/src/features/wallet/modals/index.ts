import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/**
 * The wallet's modals; each loads with its first opening, never with a page. One entry per line, sorted.
 * `wallet` shows the Telegram sheet to a Mini App visitor (spec section 2).
 */
export const walletModals = {
  'cancel-deposit': lazy(() => import('./cancel-deposit-modal')),
  'deposit-error': lazy(() => import('./deposit-error-modal')),
  'deposit-status': lazy(() => import('./deposit-status-modal')),
  'deposit-success': lazy(() => import('./deposit-success-modal')),
  fiat: lazy(() => import('./fiat-modal')),
  wallet: lazy(() => import('./wallet-modal')),
  'wallet-bonus-info': lazy(() => import('./wallet-bonus-info-modal')),
  'wallet-telegram-app': lazy(() => import('./wallet-telegram-app-modal')),
} satisfies ModalMap
