import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useInvoice } from '@/features/wallet/api/get-invoice'
import { InvoiceMessage } from '@/features/wallet/components/invoice-message'
import { useActiveMoney } from '@/features/wallet/components/use-active-money'
import { type ModalProps, useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'
import { useAskForWriteAccessOnDeposit } from '@/lib/telegram/write-access'

/**
 * `?deposit-success=<invoice id>`: a deposit was paid (raised by `payment:invoices#` status 2, or by the
 * provider's page returning to `/wallet?deposit-success=<id>`). The text names the sum; without a known
 * invoice it still confirms, without the sum.
 */
export default function DepositSuccessModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const invoice = useInvoice(typeof value === 'string' ? value : undefined)
  const money = useActiveMoney()
  const sum = invoice.data ? money.format(invoice.data.amount, invoice.data.currency) : undefined
  const close = () => void modals.close('deposit-success')
  useAskForWriteAccessOnDeposit(true)
  return (
    <Dialog title={t('Deposit successful')} zIndex={zIndex} onClose={close}>
      <div className="flex flex-col gap-4" data-testid="deposit-success">
        {/* The sum waits for its currency too: the bare code ("USD is on your balance") is no sentence. */}
        {(invoice.isPending && invoice.fetchStatus !== 'idle') || (invoice.data && money.isPending) ? (
          <div aria-hidden="true" className="skeleton h-10 rounded-xl" />
        ) : (
          <InvoiceMessage
            text={
              sum
                ? t('{sum} is on your balance. Good luck! Your payments are in your {walletUrl}.', { sum })
                : t('Your deposit is on your balance. Good luck! Your payments are in your {walletUrl}.')
            }
            supportLabel={t('customer support')}
            walletLabel={t('wallet')}
          />
        )}
        <Button className="w-full" onClick={close}>
          {t('Play')}
        </Button>
      </div>
    </Dialog>
  )
}
