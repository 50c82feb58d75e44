import { createFileRoute } from '@tanstack/react-router'

import { guarded } from '@/app/route-guards'
import { SignedInOnly } from '@/app/signed-in-only'

/**
 * The wallet area (`/wallet`, `/wallet/history`). The spec does not show which routes need the auth
 * guard; a wallet is the player's money, so a guest goes home with sign-in open, as the `auth` guard does.
 */
export const Route = createFileRoute('/_default/wallet')({
  beforeLoad: ({ location }) => {
    guarded('auth')({ location: { pathname: location.pathname, search: location.search } })
  },
  component: SignedInOnly,
})
