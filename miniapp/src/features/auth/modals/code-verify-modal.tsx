import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'

import type { ModalProps } from '@/lib/modals'
import { Dialog } from '@/components/ui/dialog'
import { OneTimeCodeForm } from '@/features/auth/components/one-time-code-form'
import { pendingRegistrationFor, resendPhoneCode, resendWait, verifyPhoneCode } from '@/features/auth/phone-verification'
import { useSession } from '@/lib/session'
import { useModals } from '@/lib/modals'
import { useClosingConfirmation } from '@/lib/native'
import { t } from '@/lib/i18n'

/**
 * The one-time code sent to the phone in the query value: it completes a phone sign-up, signs a guest
 * in, or attaches the number to a signed-in player's profile.
 */
export default function CodeVerifyModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const navigate = useNavigate()
  const { state, login, setProfile } = useSession()
  const signedIn = state.status === 'loggedIn'
  const close = () => void modals.close('code-verify')
  // A sign-up waiting for its code would be lost with the app.
  useClosingConfirmation(value !== true && !signedIn && pendingRegistrationFor(value) !== undefined)
  // Without a number there is no code to check: the key goes.
  useEffect(() => {
    if (value === true) void modals.close('code-verify', { replace: true })
  }, [value, modals])
  if (value === true) return null
  const phone = value
  const signingUp = !signedIn && pendingRegistrationFor(phone) !== undefined
  return (
    <Dialog
      title={signingUp ? t('Confirm your number') : t('Enter the code')}
      description={t('We sent a 6-digit code by SMS to {phone}.', { phone })}
      zIndex={zIndex}
      onClose={close}
    >
      <OneTimeCodeForm
        retryAfter={resendWait(phone)}
        submitLabel={signingUp ? t('Create account') : signedIn ? t('Confirm') : t('Sign in')}
        onResend={() => resendPhoneCode(phone)}
        onSubmit={async (code) => {
          const verified = await verifyPhoneCode(phone, code, signedIn)
          if (verified.kind === 'attached') {
            setProfile(verified.profile)
            close()
            return
          }
          // After the register/login flow the player goes home (spec section 2).
          void navigate({ to: '/', search: {}, replace: true })
          login(verified.session)
        }}
      />
    </Dialog>
  )
}
