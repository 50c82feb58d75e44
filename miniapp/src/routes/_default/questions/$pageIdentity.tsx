import { createFileRoute } from '@tanstack/react-router'

import { QuestionAnswer } from '@/features/content/components/questions-page'

export const Route = createFileRoute('/_default/questions/$pageIdentity')({
  component: function QuestionRoute() {
    const { pageIdentity } = Route.useParams()
    return <QuestionAnswer slug={pageIdentity} />
  },
})
