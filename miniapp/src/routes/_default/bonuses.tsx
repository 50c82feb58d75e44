import { createFileRoute } from '@tanstack/react-router'

import { BonusesPage } from '@/features/bonuses/components/bonuses-page'
import { LoyaltyCard } from '@/features/loyalty/components/loyalty-card'
import { features } from '@/config/features'

/**
 * `/bonuses`: the player's bonuses, free spins, codes, cashback and deposit offers. A guest sees the page
 * with a sign-in prompt rather than a redirect: it is a navigation destination for everyone.
 */
export const Route = createFileRoute('/_default/bonuses')({
  component: BonusesRoute,
})

function BonusesRoute() {
  return <BonusesPage aside={features.loyalty ? <LoyaltyCard /> : null} />
}
