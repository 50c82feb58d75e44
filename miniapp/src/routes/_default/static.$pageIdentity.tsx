import { createFileRoute } from '@tanstack/react-router'

import { StaticPage } from '@/features/content/components/static-page'

/** `/static/{pageIdentity}`: one of the operator's text pages. */
export const Route = createFileRoute('/_default/static/$pageIdentity')({
  component: function StaticRoute() {
    const { pageIdentity } = Route.useParams()
    return <StaticPage slug={pageIdentity} />
  },
})
