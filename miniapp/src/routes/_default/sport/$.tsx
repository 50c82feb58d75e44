import { createFileRoute } from '@tanstack/react-router'

import { sportQuery, validateSportSearch } from '@/routes/_default/sport/-sport-search'
import { SportsbookRoute } from '@/routes/_default/sport/-sportsbook-route'

/** `/sport/{slug}`: a sport, category, championship, event or special page of the sportsbook (spec section 2). */
export const Route = createFileRoute('/_default/sport/$')({
  validateSearch: validateSportSearch,
  component: SportPage,
})

function SportPage() {
  const { _splat } = Route.useParams()
  return <SportsbookRoute splat={_splat ?? ''} query={sportQuery(Route.useSearch())} />
}
