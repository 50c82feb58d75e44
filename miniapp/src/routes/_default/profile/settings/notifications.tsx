import { createFileRoute } from '@tanstack/react-router'

import { NotificationSettingsPage } from '@/features/profile/components/notification-settings-page'

/** `/profile/settings/notifications`: the player's promotional preferences. */
export const Route = createFileRoute('/_default/profile/settings/notifications')({
  component: NotificationSettingsPage,
})
