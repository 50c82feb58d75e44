import { createFileRoute } from '@tanstack/react-router'

import { SupportPage } from '@/features/content/components/support-page'

/** `/support`: the common questions, the contact form and the support address. */
export const Route = createFileRoute('/_default/support')({
  component: SupportPage,
})
