import { createFileRoute } from '@tanstack/react-router'

import { ProfileOverview } from '@/features/profile/components/profile-overview'

/** `/profile/info`: name, picture, ids and the state of each contact. */
export const Route = createFileRoute('/_default/profile/info')({
  component: ProfileOverview,
})
