import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-field'
import { SubmitButton } from '@/components/ui/submit-button'
import { useLimits, useRemoveLimit } from '@/features/limits/api/limits'
import { formatMoment } from '@/features/limits/components/limits-page'
import { definitionName } from '@/features/limits/limit-rules'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { showToast } from '@/lib/toasts'

/** `?confirm-delete-limit={id}`: removing a limit waits 24 hours like any loosening; the player confirms knowing that. */
export default function ConfirmDeleteLimitModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const limits = useLimits()
  const remove = useRemoveLimit()
  const limit = limits.data?.find((candidate) => String(candidate.id) === String(value))
  const close = () => void modals.close('confirm-delete-limit')
  return (
    <Dialog title={t('Remove this limit?')} zIndex={zIndex} onClose={close}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg">
          {limit
            ? t('Your {name} stays for 24 hours more, then it is removed.', { name: definitionName(limit.definition).toLowerCase() })
            : t('This limit is not there any more.')}
        </p>
        <FormError>{remove.isError ? failureMessage(remove.error) : undefined}</FormError>
        {limit ? (
          <SubmitButton
            type="button"
            variant="danger"
            text={t('Remove in 24 hours')}
            pendingText={t('Saving…')}
            pending={remove.isPending}
            onSubmit={() => {
              remove.mutate(limit.id, {
                onSuccess: (removed) => {
                  haptic('success')
                  showToast({
                    title: t('Removal requested'),
                    ...(removed.effectiveAt ? { description: t('It applies on {when}.', { when: formatMoment(removed.effectiveAt) }) } : {}),
                    tone: 'success',
                  })
                  close()
                },
                onError: () => {
                  haptic('error')
                },
              })
            }}
          />
        ) : null}
        <Button variant="secondary" onClick={close}>
          {t('Keep it')}
        </Button>
      </div>
    </Dialog>
  )
}
