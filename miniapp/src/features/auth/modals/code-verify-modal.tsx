import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'

import type { ModalProps } from '@/lib/modals'
import { Dialog } from '@/components/ui/dialog'
import { signInWithEmailCode } from '@/features/auth/api/email-codes'
import { OneTimeCodeForm } from '@/features/auth/components/one-time-code-form'
import {
  isEmailRecipient,
  pendingRegistrationFor,
  resendEmailCode,
  resendPhoneCode,
  resendWait,
  verifyPhoneCode,
} from '@/features/auth/phone-verification'
import type { SessionResponse } from '@/lib/api-types'
import { useSession } from '@/lib/session'
import { useModals } from '@/lib/modals'
import { useClosingConfirmation } from '@/lib/native'
import { t } from '@/lib/i18n'

/**
 * The one-time code sent to the phone or e-mail address in the query value. A phone's code completes a
 * phone sign-up, signs a guest in, or attaches the number to a signed-in player's profile; an e-mail's
 * code signs a guest in.
 */
export default function CodeVerifyModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const navigate = useNavigate()
  const { state, login, setProfile } = useSession()
  const signedIn = state.status === 'loggedIn'
  const close = () => void modals.close('code-verify')
  const byEmail = value !== true && isEmailRecipient(value)
  // A sign-up waiting for its code would be lost with the app.
  useClosingConfirmation(value !== true && !signedIn && pendingRegistrationFor(value) !== undefined)
  // Without a recipient there is no code to check, and an e-mail code is for guests only: the key goes.
  const useless = value === true || (byEmail && signedIn)
  useEffect(() => {
    if (useless) void modals.close('code-verify', { replace: true })
  }, [useless, modals])
  if (value === true || useless) return null
  const recipient = value
  const signingUp = !signedIn && pendingRegistrationFor(recipient) !== undefined
  const signInWith = (session: SessionResponse) => {
    // After the register/login flow the player goes home (spec section 2).
    void navigate({ to: '/', search: {}, replace: true })
    login(session)
  }
  return (
    <Dialog
      title={signingUp ? t('Confirm your number') : t('Enter the code')}
      description={
        byEmail
          ? t('Enter the code we sent to {email}.', { email: recipient })
          : t('We sent a 6-digit code by SMS to {phone}.', { phone: recipient })
      }
      zIndex={zIndex}
      onClose={close}
    >
      <OneTimeCodeForm
        retryAfter={resendWait(recipient)}
        submitLabel={signingUp ? t('Create account') : signedIn ? t('Confirm') : t('Sign in')}
        onResend={() => (byEmail ? resendEmailCode(recipient) : resendPhoneCode(recipient))}
        onSubmit={async (code) => {
          if (byEmail) {
            signInWith(await signInWithEmailCode(recipient, code))
            return
          }
          const verified = await verifyPhoneCode(recipient, code, signedIn)
          if (verified.kind === 'attached') {
            setProfile(verified.profile)
            close()
            return
          }
          signInWith(verified.session)
        }}
      />
    </Dialog>
  )
}
