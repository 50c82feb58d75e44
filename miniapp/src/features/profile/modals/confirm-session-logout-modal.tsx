import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-field'
import { useCloseSession } from '@/features/profile/api/close-sessions'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { showToast } from '@/lib/toasts'

/** `?confirm-session-logout={sessionId}`: signs one other device out, after the player confirms. */
export default function ConfirmSessionLogoutModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const close = () => void modals.close('confirm-session-logout')
  const closeSession = useCloseSession()
  const sessionId = typeof value === 'string' ? value : undefined
  return (
    <Dialog title={t('Sign this device out?')} zIndex={zIndex} onClose={close}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg">{t('The device will need to sign in again to use your account.')}</p>
        <FormError>{closeSession.isError ? failureMessage(closeSession.error) : undefined}</FormError>
        {sessionId ? (
          <Button
            variant="danger"
            disabled={closeSession.isPending}
            onClick={() => {
              closeSession.mutate(sessionId, {
                onSuccess: () => {
                  haptic('success')
                  showToast({ title: t('The device is signed out'), tone: 'success' })
                  close()
                },
                onError: () => {
                  haptic('error')
                },
              })
            }}
          >
            {t('Sign out')}
          </Button>
        ) : (
          <p className="text-sm text-hint">{t('Choose the device to sign out on the sessions page.')}</p>
        )}
        <Button variant="secondary" onClick={close}>
          {t('Cancel')}
        </Button>
      </div>
    </Dialog>
  )
}
