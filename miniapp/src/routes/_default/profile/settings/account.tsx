import { createFileRoute } from '@tanstack/react-router'

import { AccountSettingsPage } from '@/features/profile/components/account-settings-page'

/** `/profile/settings/account`: language, time zone, colour mode, password and linked accounts. */
export const Route = createFileRoute('/_default/profile/settings/account')({
  component: AccountSettingsPage,
})
