import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The app's surfaces beyond its pages: installing it, its Telegram news channel, the country notice. */
export const appSurfacesModals = {
  'install-app': lazy(() => import('./install-app-modal')),
  'tg-news': lazy(() => import('./news-modal').then((module) => ({ default: module.TgNewsModal }))),
  'telegram-news': lazy(() => import('./news-modal').then((module) => ({ default: module.TelegramNewsModal }))),
  'geo-popup': lazy(() => import('./geo-popup-modal')),
} satisfies ModalMap
