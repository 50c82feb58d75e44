import { createFileRoute } from '@tanstack/react-router'

import { NoQuestionChosen } from '@/features/content/components/questions-page'

export const Route = createFileRoute('/_default/questions/')({
  component: NoQuestionChosen,
})
