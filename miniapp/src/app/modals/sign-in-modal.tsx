import { useNavigate } from '@tanstack/react-router'

import type { ModalProps } from '@/app/modals/modal-host'
import { Dialog } from '@/components/ui/dialog'
import { SignInForm } from '@/features/auth/components/sign-in-form'
import { useSession } from '@/features/session'
import { useModals } from '@/lib/modals'

export default function SignInModal({ zIndex }: ModalProps) {
  const { login } = useSession()
  const modals = useModals()
  const navigate = useNavigate()
  return (
    <Dialog title="Sign in" description="Welcome back! Sign in to play." zIndex={zIndex} onClose={() => void modals.close('sign-in')}>
      <SignInForm
        onSignedIn={(session) => {
          // After sign-in the player goes home (spec section 2).
          void navigate({ to: '/', search: {}, replace: true })
          login(session)
        }}
        onCreateAccount={() => void modals.open('sign-up')}
      />
    </Dialog>
  )
}
