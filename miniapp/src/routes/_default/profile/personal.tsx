import { createFileRoute } from '@tanstack/react-router'

import { PersonalDetailsPage } from '@/features/profile/components/personal-details-page'

/** `/profile/personal`: the profile form (scenario `profile`). */
export const Route = createFileRoute('/_default/profile/personal')({
  component: PersonalDetailsPage,
})
