import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { StateMessage } from '@/components/ui/state-message'
import { useInvoice } from '@/features/wallet/api/get-invoice'
import { PaymentStatus } from '@/features/wallet/components/payment-status'
import { useActiveMoney } from '@/features/wallet/components/use-active-money'
import { RetryState } from '@/features/wallet/components/wallet-states'
import { type ModalProps, useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'
import { useConstants } from '@/lib/settings'

/**
 * `?deposit-status=<invoice id>`: one invoice and how to pay it (its QR code, reference or provider page),
 * followed live; a pending one can be cancelled (`cancel-deposit`).
 */
export default function DepositStatusModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const id = typeof value === 'string' ? value : undefined
  const invoice = useInvoice(id)
  const money = useActiveMoney()
  const constants = useConstants()
  const close = () => void modals.close('deposit-status')
  return (
    <Dialog title={t('Deposit status')} zIndex={zIndex} onClose={close}>
      {(invoice.isPending && id) || constants.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-3">
          <div className="skeleton h-6 rounded-xl" />
          <div className="skeleton h-48 rounded-xl" />
        </div>
      ) : invoice.isError || constants.isError ? (
        <RetryState
          title={t('The deposit could not be loaded')}
          onRetry={() => {
            void constants.refetch()
            void invoice.refetch()
          }}
        />
      ) : invoice.data ? (
        <PaymentStatus
          invoice={invoice.data}
          statuses={constants.data.invoiceStatuses}
          format={money.format}
          units={money.units}
          onOpenPaymentPage={(url) => {
            window.open(url, '_blank', 'noopener')
          }}
          onCancel={() => void modals.open('cancel-deposit', invoice.data?.id ?? '')}
        />
      ) : (
        <StateMessage
          title={t('No such deposit')}
          description={t('It may be older than your latest payments. Your wallet lists them all.')}
          action={
            <Button variant="secondary" onClick={() => void modals.open('wallet', 'deposit')}>
              {t('Make a deposit')}
            </Button>
          }
        />
      )}
    </Dialog>
  )
}
