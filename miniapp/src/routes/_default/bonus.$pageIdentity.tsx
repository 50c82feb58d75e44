import { createFileRoute } from '@tanstack/react-router'

import { BonusContentPage } from '@/features/bonuses/components/content-page'

/** `/bonus/{pageIdentity}`: a bonus content page the platform serves. */
export const Route = createFileRoute('/_default/bonus/$pageIdentity')({
  component: BonusPageRoute,
})

function BonusPageRoute() {
  const { pageIdentity } = Route.useParams()
  return <BonusContentPage slug={pageIdentity} />
}
