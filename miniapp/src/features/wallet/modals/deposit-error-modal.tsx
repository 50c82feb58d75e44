import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useInvoice } from '@/features/wallet/api/get-invoice'
import { InvoiceMessage } from '@/features/wallet/components/invoice-message'
import { useActiveMoney } from '@/features/wallet/components/use-active-money'
import { type ModalProps, useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'

/**
 * `?deposit-error=<invoice id>`: a deposit or withdrawal failed (spec section 8: invoice status 3, a text
 * with `{sum}`, `{customerSupportUrl}` and `{walletUrl}`). A deposit can be tried again from here.
 */
export default function DepositErrorModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const invoice = useInvoice(typeof value === 'string' ? value : undefined)
  const { format } = useActiveMoney()
  const data = invoice.data
  const sum = data ? format(data.amount, data.currency) : undefined
  const withdrawal = data?.type === 'withdrawal'
  const declinedByPlayer = data?.failureReason === 'declined_by_player'
  const text = withdrawal
    ? t('Your withdrawal of {sum} did not go through and the amount is back on your balance. See your {walletUrl} or contact {customerSupportUrl}.', {
        sum: sum ?? '',
      })
    : declinedByPlayer
      ? t('You cancelled the deposit of {sum}. Nothing was charged. Your payments are in your {walletUrl}.', { sum: sum ?? '' })
      : sum
        ? t('Your deposit of {sum} did not go through. Try another method from your {walletUrl}, or contact {customerSupportUrl} if you were charged.', { sum })
        : t('Your deposit did not go through. Try another method from your {walletUrl}, or contact {customerSupportUrl} if you were charged.')
  return (
    <Dialog title={withdrawal ? t('Withdrawal failed') : t('Deposit failed')} zIndex={zIndex} onClose={() => void modals.close('deposit-error')}>
      <div className="flex flex-col gap-4" data-testid="deposit-error">
        {invoice.isPending && invoice.fetchStatus !== 'idle' ? (
          <div aria-hidden="true" className="skeleton h-10 rounded-xl" />
        ) : (
          <InvoiceMessage text={text} supportLabel={t('customer support')} walletLabel={t('wallet')} />
        )}
        <Button className="w-full" onClick={() => void modals.open('wallet', withdrawal ? 'withdraw' : 'deposit')}>
          {t('Try again')}
        </Button>
      </div>
    </Dialog>
  )
}
