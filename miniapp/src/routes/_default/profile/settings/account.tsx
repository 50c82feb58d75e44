import { createFileRoute } from '@tanstack/react-router'

import { SocialLinkButtons } from '@/features/auth/components/social-link-buttons'
import { AccountSettingsPage } from '@/features/profile/components/account-settings-page'
import { EquivalentCurrencySetting } from '@/features/wallet/components/equivalent-currency-setting'

/** `/profile/settings/account`: language, time zone, colour mode, equivalent currency, password and linked accounts. */
export const Route = createFileRoute('/_default/profile/settings/account')({
  component: AccountSettingsRoute,
})

function AccountSettingsRoute() {
  return (
    <AccountSettingsPage
      linkButtons={(linked) => <SocialLinkButtons linked={linked} back="/profile/settings/account" />}
      equivalentCurrency={<EquivalentCurrencySetting />}
    />
  )
}
