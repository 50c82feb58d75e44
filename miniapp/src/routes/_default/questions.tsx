import { createFileRoute } from '@tanstack/react-router'

import { QuestionsLayout } from '@/features/content/components/questions-page'

/** `/questions` (+ `/questions/{pageIdentity}`): the questions and, once one is chosen, its answer. */
export const Route = createFileRoute('/_default/questions')({
  component: QuestionsLayout,
})
