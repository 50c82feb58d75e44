import { useLocation, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

import type { ModalProps } from '@/lib/modals'
import { ChoiceGroup } from '@/components/ui/choice-group'
import { Dialog } from '@/components/ui/dialog'
import { SocialButtons } from '@/features/auth/components/social-buttons'
import { SignUpForm } from '@/features/auth/components/sign-up-form'
import type { SignUpMethod } from '@/features/auth/registration-scenario'
import { useSession } from '@/lib/session'
import { useCurrencies } from '@/lib/settings'
import { storedAffiliateTag } from '@/lib/affiliate'
import { useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'
import { warmDeviceFingerprint } from '@/lib/fingerprint'

const methods = () =>
  [
    { value: 'email', label: t('E-mail') },
    { value: 'phone', label: t('Phone') },
  ] as const

export default function SignUpModal({ zIndex }: ModalProps) {
  const { login } = useSession()
  const modals = useModals()
  const navigate = useNavigate()
  const currencies = useCurrencies()
  const [method, setMethod] = useState<SignUpMethod>('email')
  // The device's fingerprint is made while the player types, so the call has it without waiting.
  useEffect(warmDeviceFingerprint, [])
  // A social sign-in leaves the site; it comes back to this page (without the modal).
  const back = useLocation({ select: (location) => location.pathname })
  const affiliateTag = storedAffiliateTag()
  // Only enabled currencies are offered (spec section 5); the base currency first.
  const options = (currencies.data ?? [])
    .filter((currency) => currency.isEnabled)
    .sort((a, b) => Number(b.isBase) - Number(a.isBase))
    .map((currency) => ({ value: currency.code, label: currency.code }))
  return (
    <Dialog title={t('Create your account')} zIndex={zIndex} onClose={() => void modals.close('sign-up')}>
      <div className="flex flex-col gap-4">
        <ChoiceGroup label={t('Sign up with')} value={method} options={methods()} onChange={setMethod} />
        <SignUpForm
          // Each method's form starts with its own fields.
          key={method}
          method={method}
          currencies={options}
          affiliateTag={affiliateTag}
          onSignedIn={(session) => {
            // After registration the player goes home (spec section 2).
            void navigate({ to: '/', search: {}, replace: true })
            login(session)
          }}
          onCodeSent={(phone) => void modals.open('code-verify', phone)}
          onSignIn={() => void modals.open('sign-in')}
        />
        <SocialButtons back={back} affiliateTag={affiliateTag} />
      </div>
    </Dialog>
  )
}
