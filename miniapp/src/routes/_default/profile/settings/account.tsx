import { createFileRoute } from '@tanstack/react-router'

import { SocialLinkButtons } from '@/features/auth/components/social-link-buttons'
import { AccountSettingsPage } from '@/features/profile/components/account-settings-page'

/** `/profile/settings/account`: language, time zone, colour mode, password and linked accounts. */
export const Route = createFileRoute('/_default/profile/settings/account')({
  component: AccountSettingsRoute,
})

function AccountSettingsRoute() {
  return <AccountSettingsPage linkButtons={(linked) => <SocialLinkButtons linked={linked} back="/profile/settings/account" />} />
}
