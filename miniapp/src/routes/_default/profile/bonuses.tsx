import { createFileRoute } from '@tanstack/react-router'

import { BonusesPage } from '@/features/bonuses/components/bonuses-page'
import { LoyaltyCard } from '@/features/loyalty/components/loyalty-card'
import { features } from '@/config/features'

/** The named route `profile-bonuses` (spec section 2): the bonuses page as the profile's Bonuses tab. */
export const Route = createFileRoute('/_default/profile/bonuses')({
  component: ProfileBonusesRoute,
})

function ProfileBonusesRoute() {
  return <BonusesPage nested aside={features.loyalty ? <LoyaltyCard /> : null} />
}
