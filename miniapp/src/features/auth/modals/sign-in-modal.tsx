import { useLocation, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

import type { ModalProps } from '@/lib/modals'
import { ChoiceGroup } from '@/components/ui/choice-group'
import { Dialog } from '@/components/ui/dialog'
import { SocialButtons } from '@/features/auth/components/social-buttons'
import { EmailCodeSignInForm } from '@/features/auth/components/email-code-sign-in-form'
import { PhoneSignInForm } from '@/features/auth/components/phone-sign-in-form'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { useSession } from '@/lib/session'
import { useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'
import { warmDeviceFingerprint } from '@/lib/fingerprint'

type Method = 'email' | 'emailCode' | 'phone'

const methods = () =>
  [
    { value: 'email', label: t('E-mail') },
    { value: 'emailCode', label: t('E-mail code') },
    { value: 'phone', label: t('Phone') },
  ] as const

export default function SignInModal({ zIndex }: ModalProps) {
  const { login } = useSession()
  const modals = useModals()
  const navigate = useNavigate()
  const [method, setMethod] = useState<Method>('email')
  // The device's fingerprint is made while the player types, so the call has it without waiting.
  useEffect(warmDeviceFingerprint, [])
  // A social sign-in leaves the site; it comes back to this page (without the modal).
  const back = useLocation({ select: (location) => location.pathname })
  return (
    <Dialog title={t('Sign in')} description={t('Welcome back! Sign in to play.')} zIndex={zIndex} onClose={() => void modals.close('sign-in')}>
      <div className="flex flex-col gap-4">
        <ChoiceGroup label={t('Sign in with')} value={method} options={methods()} onChange={setMethod} />
        {method === 'email' ? (
          <SignInForm
            onSignedIn={(session) => {
              // After sign-in the player goes home (spec section 2).
              void navigate({ to: '/', search: {}, replace: true })
              login(session)
            }}
            onForgotPassword={() => void modals.open('forgot-pass')}
            onCreateAccount={() => void modals.open('sign-up')}
          />
        ) : method === 'emailCode' ? (
          <EmailCodeSignInForm onCodeSent={(email) => void modals.open('code-verify', email)} />
        ) : (
          <PhoneSignInForm onCodeSent={(phone) => void modals.open('code-verify', phone)} />
        )}
        <SocialButtons back={back} />
      </div>
    </Dialog>
  )
}
