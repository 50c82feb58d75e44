import { lazy } from 'react'

import type { ModalMap } from '@/lib/modals'

/** The quests' modals, loaded with their first opening. One entry per line, sorted. */
export const questsModals = {
  'quest-rewards': lazy(() => import('./quest-rewards-modal')),
  'quest-task-games': lazy(() => import('./quest-task-games-modal')),
  'quest-tasks': lazy(() => import('./quest-tasks-modal')),
  'quests-hub': lazy(() => import('./quests-hub-modal')),
} satisfies ModalMap
