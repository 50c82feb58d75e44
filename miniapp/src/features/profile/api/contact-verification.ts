import { useMutation, useQueryClient } from '@tanstack/react-query'

import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { apiRequest } from '@/lib/api-client'
import { invalidateAfterInFlight } from '@/lib/live-cache'
import type { Profile, Schemas } from '@/lib/api-types'

type CodeSent = Schemas['CodeSent']

/** `POST /player/profile/email/verify/send`: a code (and a confirmation link) to the new address; 409 when another account has it. */
function sendEmailCode(email: string): Promise<CodeSent> {
  return apiRequest<CodeSent>('/player/profile/email/verify/send', { method: 'POST', body: { email } })
}

/** `POST /player/profile/confirmations/email/resend`: the code again, to the address waiting for confirmation. */
function resendEmailConfirmation(): Promise<CodeSent> {
  return apiRequest<CodeSent>('/player/profile/confirmations/email/resend', { method: 'POST' })
}

/** `POST /player/profile/email/verify/confirm`: the code proves the address; answers the changed profile. */
function confirmEmail(body: Schemas['CodeBody']): Promise<Profile> {
  return apiRequest<Profile>('/player/profile/email/verify/confirm', { method: 'POST', body })
}

/** `POST /player/otp/send` signed in: a code texted to the number the player is adding. */
function sendPhoneCode(phone: string): Promise<CodeSent> {
  return apiRequest<CodeSent>('/player/otp/send', { method: 'POST', body: { phone } })
}

/** `POST /player/otp/verify` signed in: the code proves the number; answers `{profile}`. */
async function verifyPhone(body: { phone: string; code: string }): Promise<Profile> {
  return (await apiRequest<Schemas['ProfileResponse']>('/player/otp/verify', { method: 'POST', body })).profile
}

function useProfileChanging<Variables>(mutationFn: (variables: Variables) => Promise<Profile>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile)
    },
  })
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode })
}

export function useResendEmailConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation })
}

export function useConfirmEmail() {
  return useProfileChanging(confirmEmail)
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode })
}

export function useVerifyPhone() {
  return useProfileChanging(verifyPhone)
}

/**
 * `POST /player/profile/email/verify/link`: the link of a confirmation e-mail (`/verify/{code}`)
 * confirms its address, with or without a session; answers the address. 422 `code_invalid` once used
 * or expired.
 */
async function confirmEmailByLink(code: string): Promise<string> {
  return (await apiRequest<Schemas['EmailConfirmed']>('/player/profile/email/verify/link', { method: 'POST', body: { code }, auth: 'none' })).email
}

export function useConfirmEmailByLink() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmEmailByLink,
    // The link opens a fresh page, whose start-up reads the profile too: that read may answer the old
    // address after the confirmation. Not awaited: the confirmation shows at once.
    onSuccess: () => void invalidateAfterInFlight(queryClient, profileQueryOptions().queryKey),
  })
}
