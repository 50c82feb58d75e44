import { createFileRoute } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'

import { profileQueryOptions, useProfile } from '@/features/profile/api/get-profile'
import { VerificationPage } from '@/features/verification/components/verification-page'

/** `/profile/verification`: the identity check (the verification service's SDK) and uploaded documents. */
export const Route = createFileRoute('/_default/profile/verification')({
  component: ProfileVerificationRoute,
})

function ProfileVerificationRoute() {
  const profile = useProfile()
  const queryClient = useQueryClient()
  return (
    <VerificationPage
      status={profile.data?.verificationStatus}
      onStatusChanged={() => void queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey })}
    />
  )
}
