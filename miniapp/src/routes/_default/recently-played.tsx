import { createFileRoute } from '@tanstack/react-router'

import { RecentlyPlayedPage } from '@/features/games/components/recently-played-page'

/** Client-only (spec section 2): local storage and, signed in, the platform's played games. */
export const Route = createFileRoute('/_default/recently-played')({
  component: RecentlyPlayedPage,
})
