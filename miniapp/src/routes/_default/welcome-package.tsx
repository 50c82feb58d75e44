import { createFileRoute } from '@tanstack/react-router'

import { WelcomePackagePage } from '@/features/bonuses/components/content-page'

/** `/welcome-package`: the welcome package, with the signed-in player's progress through it. */
export const Route = createFileRoute('/_default/welcome-package')({
  component: WelcomePackagePage,
})
