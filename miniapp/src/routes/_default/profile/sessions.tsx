import { createFileRoute } from '@tanstack/react-router'

import { SessionsPage } from '@/features/profile/components/sessions-page'

/** `/profile/sessions`: the devices signed in to the account. */
export const Route = createFileRoute('/_default/profile/sessions')({
  component: SessionsPage,
})
