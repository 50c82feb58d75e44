import { createFileRoute } from '@tanstack/react-router'

import { guarded } from '@/app/route-guards'
import { SignedInOnly } from '@/app/signed-in-only'
import { ProfileNavigation } from '@/features/profile/components/profile-navigation'

/**
 * The profile area (`/profile/...`): the player's own data, so the `auth` guard sends a guest home with
 * sign-in open. Its sub-navigation sits above the page on phones and beside it on desktops.
 */
export const Route = createFileRoute('/_default/profile')({
  beforeLoad: ({ location }) => {
    guarded('auth')({ location: { pathname: location.pathname, search: location.search } })
  },
  component: ProfileLayout,
})

function ProfileLayout() {
  return (
    <div className="flex flex-col gap-4 py-4 lg:flex-row lg:gap-6 lg:px-4">
      <ProfileNavigation />
      <div className="min-w-0 flex-1 px-4 lg:px-0">
        <SignedInOnly />
      </div>
    </div>
  )
}
