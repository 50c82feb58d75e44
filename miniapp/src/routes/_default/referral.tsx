import { createFileRoute } from '@tanstack/react-router'

import { ReferralPage } from '@/features/referral/components/referral-page'

/** `/referral`: the referral programme; a guest sees it with a sign-in prompt. */
export const Route = createFileRoute('/_default/referral')({
  component: ReferralPage,
})
