import { createFileRoute } from '@tanstack/react-router'

import { sportQuery, validateSportSearch } from '@/routes/_default/sport/-sport-search'
import { SportsbookRoute } from '@/routes/_default/sport/-sportsbook-route'

/** `/sport`: the sportsbook's overview with the top-events and live-now carousels; every failed lookup lands here. */
export const Route = createFileRoute('/_default/sport/')({
  validateSearch: validateSportSearch,
  component: SportIndex,
})

function SportIndex() {
  return <SportsbookRoute splat="" query={sportQuery(Route.useSearch())} />
}
