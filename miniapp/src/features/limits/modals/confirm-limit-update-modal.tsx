import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-field'
import { SubmitButton } from '@/components/ui/submit-button'
import { useChangeLimit, useLimits } from '@/features/limits/api/limits'
import { formatMoment } from '@/features/limits/components/limits-page'
import { definitionName, isLimitPeriod, periodName } from '@/features/limits/limit-rules'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { formatIn } from '@/lib/money-in'
import { haptic } from '@/lib/native'
import { useCurrencies } from '@/lib/settings'
import { showToast } from '@/lib/toasts'

/** `?confirm-limit-update={id}.{period}.{amount}`: looser terms wait 24 hours; the player confirms knowing when they apply. */
export default function ConfirmLimitUpdateModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const limits = useLimits()
  const currencies = useCurrencies()
  const change = useChangeLimit()
  const [id, period, amountText] = value === true ? [] : value.split('.')
  const amount = Number(amountText)
  const limit = limits.data?.find((candidate) => String(candidate.id) === id)
  const valid = limit && isLimitPeriod(period) && Number.isSafeInteger(amount) && amount > 0
  const close = () => {
    void modals.close('confirm-limit-update')
  }
  const money = limit?.currency ? formatIn(amount, limit.currency, currencies.data) : undefined
  return (
    <Dialog title={t('Raise this limit?')} zIndex={zIndex} onClose={close}>
      <div className="flex flex-col gap-4">
        {valid ? (
          <p className="text-sm text-fg">
            {t('Your {name} becomes {amount} {period} in 24 hours. Until then the current limit holds.', {
              name: definitionName(limit.definition).toLowerCase(),
              amount: money ?? String(amount),
              period: periodName(period).toLowerCase(),
            })}
          </p>
        ) : (
          <p className="text-sm text-hint">{t('This change is not available any more. Open the limit again to change it.')}</p>
        )}
        <FormError>{change.isError ? failureMessage(change.error) : undefined}</FormError>
        {valid ? (
          <SubmitButton
            type="button"
            text={t('Raise in 24 hours')}
            pendingText={t('Saving…')}
            pending={change.isPending}
            onSubmit={() => {
              change.mutate(
                { id: limit.id, period, amount },
                {
                  onSuccess: (updated) => {
                    haptic('success')
                    showToast({
                      title: t('Change requested'),
                      ...(updated.effectiveAt ? { description: t('It applies on {when}.', { when: formatMoment(updated.effectiveAt) }) } : {}),
                      tone: 'success',
                    })
                    void modals.close('confirm-limit-update')
                    void modals.close('edit-limit')
                  },
                  onError: () => {
                    haptic('error')
                  },
                },
              )
            }}
          />
        ) : null}
        <Button variant="secondary" onClick={close}>
          {t('Keep the current limit')}
        </Button>
      </div>
    </Dialog>
  )
}
