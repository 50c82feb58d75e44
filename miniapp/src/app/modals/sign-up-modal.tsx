import { useNavigate } from '@tanstack/react-router'

import type { ModalProps } from '@/app/modals/modal-host'
import { Dialog } from '@/components/ui/dialog'
import { SignUpForm } from '@/features/auth/components/sign-up-form'
import { useSession } from '@/features/session'
import { useCurrencies } from '@/features/settings/api/get-currencies'
import { useModals } from '@/lib/modals'

export default function SignUpModal({ zIndex }: ModalProps) {
  const { login } = useSession()
  const modals = useModals()
  const navigate = useNavigate()
  const currencies = useCurrencies()
  // Only enabled currencies are offered (spec section 5); the base currency first.
  const options = (currencies.data ?? [])
    .filter((currency) => currency.isEnabled)
    .sort((a, b) => Number(b.isBase) - Number(a.isBase))
    .map((currency) => ({ value: currency.code, label: currency.code }))
  return (
    <Dialog title="Create your account" zIndex={zIndex} onClose={() => void modals.close('sign-up')}>
      <SignUpForm
        currencies={options}
        onSignedIn={(session) => {
          // After registration the player goes home (spec section 2).
          void navigate({ to: '/', search: {}, replace: true })
          login(session)
        }}
        onSignIn={() => void modals.open('sign-in')}
      />
    </Dialog>
  )
}
