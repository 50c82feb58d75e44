import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-field'
import { useDeclineInvoice } from '@/features/wallet/api/decline-invoice'
import { useInvoice } from '@/features/wallet/api/get-invoice'
import { useActiveMoney } from '@/features/wallet/components/use-active-money'
import { clearPendingInvoiceId } from '@/features/wallet/pending-invoice'
import { ApiError } from '@/lib/api-client'
import { failureMessage } from '@/lib/forms'
import { type ModalProps, useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { showToast } from '@/lib/toasts'
import { t } from '@/lib/i18n'
import { useConstants } from '@/lib/settings'

/**
 * `?cancel-deposit=<invoice id>` (the /wallet page opens it for a pending deposit): asks, then declines the
 * invoice (`PUT /payment/invoices/{id}/decline`). An invoice settled meanwhile is said so, not an error.
 */
export default function CancelDepositModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const id = typeof value === 'string' ? value : ''
  const invoice = useInvoice(id || undefined)
  const decline = useDeclineInvoice()
  const constants = useConstants()
  const { format } = useActiveMoney()
  const close = () => void modals.close('cancel-deposit')
  const sum = invoice.data ? format(invoice.data.amount, invoice.data.currency) : undefined
  const pending = constants.data?.invoiceStatuses.pending
  const settled = invoice.data !== undefined && invoice.data !== null && pending !== undefined && invoice.data.status !== pending
  const conflict = decline.error instanceof ApiError && decline.error.status === 409
  const withdrawal = invoice.data?.type === 'withdrawal'

  return (
    <Dialog
      title={withdrawal ? t('Cancel this withdrawal?') : t('Cancel this deposit?')}
      description={
        withdrawal
          ? t('The amount returns to your balance.')
          : sum
            ? t('The payment of {sum} will not be taken. If you already paid, do not cancel: it arrives by itself.', { sum })
            : t('The payment will not be taken. If you already paid, do not cancel: it arrives by itself.')
      }
      zIndex={zIndex}
      onClose={close}
    >
      <div className="flex flex-col gap-3">
        {settled || conflict ? (
          <p role="status" className="text-sm">
            {t('This payment is already completed and can no longer be cancelled.')}
          </p>
        ) : null}
        <FormError>{decline.error && !conflict ? failureMessage(decline.error) : undefined}</FormError>
        <Button
          variant="danger"
          disabled={id === '' || settled || conflict || decline.isPending}
          onClick={() => {
            decline.mutate(id, {
              onSuccess: () => {
                clearPendingInvoiceId(id)
                haptic('success')
                showToast({ title: withdrawal ? t('Withdrawal cancelled') : t('Deposit cancelled'), tone: 'info' })
                close()
              },
              onError: () => {
                haptic('error')
              },
            })
          }}
        >
          {decline.isPending ? t('Cancelling…') : withdrawal ? t('Cancel withdrawal') : t('Cancel deposit')}
        </Button>
        <Button variant="secondary" onClick={close}>
          {t('Keep it')}
        </Button>
      </div>
    </Dialog>
  )
}
