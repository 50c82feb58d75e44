import { lazy, Suspense } from 'react'

import { Button } from '@/components/ui/button'
import { CopyValue } from '@/features/wallet/components/copy-button'
import { QrCode } from '@/features/wallet/components/qr-code'
import { type Invoice, type InvoiceStatuses, invoiceStatus, pendingShape } from '@/features/wallet/payments/invoice-machine'
import { tonTransferOf } from '@/features/wallet/ton/transfer'
import { t } from '@/lib/i18n'
import { useAskForWriteAccessOnDeposit } from '@/lib/telegram/write-access'

// The TON Connect SDK loads only once a TON or USDT-on-TON invoice is on screen.
const TonPay = lazy(() => import('@/features/wallet/ton/ton-pay'))

export interface PaymentStatusProps {
  invoice: Invoice
  /** The platform's numbering of invoice statuses. */
  statuses: InvoiceStatuses
  /** Formats minor units of the invoice's currency. */
  format: (amount: number, code: string) => string
  /** Minor units as whole coins (`0.0015`), for the amount a wallet app asks for. */
  units: (amount: number, code: string) => string
  /** Opens the provider's page again (the first opening may have been blocked or closed). */
  onOpenPaymentPage: (url: string) => void
  /** Declines the pending invoice (opens `cancel-deposit`). */
  onCancel?: (() => void) | undefined
}

/**
 * A payment after it was created, following its invoice live: the provider's page to finish on (redirect
 * methods), the address, network, amount and QR code (crypto; a `ton://transfer` link for TON), or the
 * reference for the cash agent (manual methods); then its outcome.
 */
export function PaymentStatus({ invoice, statuses, format, units, onOpenPaymentPage, onCancel }: PaymentStatusProps) {
  const shape = pendingShape(invoice)
  const sum = format(invoice.amount, invoice.currency)
  const withdrawal = invoice.type === 'withdrawal'
  const status = invoiceStatus(invoice, statuses)
  const tonTransfer = tonTransferOf(invoice, statuses)
  // A deposit that arrived is when a message about one makes sense: Telegram asks once for the bot's chat.
  useAskForWriteAccessOnDeposit(!withdrawal && status === 'success')
  if (status === 'success' || status === 'failure') {
    const ok = status === 'success'
    return (
      <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
        <p className="text-base font-semibold">
          {ok ? (withdrawal ? t('Withdrawal paid') : t('Deposit received')) : withdrawal ? t('Withdrawal failed') : t('Deposit failed')}
        </p>
        <p className="text-sm text-hint">{ok ? t('{sum} via {method}.', { sum, method: invoice.paymentMethodName }) : t('{sum} was not paid.', { sum })}</p>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-4" data-testid="payment-status">
      <p role="status" className="flex items-center gap-2 text-sm font-semibold">
        <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-button" />
        {withdrawal ? t('Withdrawal of {sum} is being processed', { sum }) : t('Waiting for your payment of {sum}', { sum })}
      </p>
      {shape.kind === 'redirect' ? (
        <>
          <p className="text-sm text-hint">
            {t('Finish the payment on the provider’s page that opened. Your balance updates here by itself as soon as it is paid.')}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              onOpenPaymentPage(shape.url)
            }}
          >
            {t('Open the payment page again')}
          </Button>
        </>
      ) : null}
      {tonTransfer ? (
        <Suspense fallback={<div aria-hidden="true" className="skeleton h-24 rounded-xl" />}>
          <TonPay transfer={tonTransfer} />
        </Suspense>
      ) : null}
      {shape.kind === 'crypto' ? (
        <>
          <p className="text-sm text-hint">{t('Send exactly this amount to this address on the {network} network.', { network: shape.network })}</p>
          <QrCode value={shape.qr} label={t('QR code of the payment to {address}', { address: shape.address })} />
          <CopyValue label={t('Address')} value={shape.address} />
          <CopyValue label={t('Network')} value={shape.network} />
          <CopyValue label={t('Amount in {currency}', { currency: invoice.currency })} value={units(invoice.amount, invoice.currency)} />
          {shape.qr.startsWith('ton://') ? (
            <a href={shape.qr} className="inline-flex min-h-11 items-center justify-center rounded-xl bg-button px-5 text-sm font-semibold text-button-fg">
              {t('Pay in a TON wallet')}
            </a>
          ) : null}
        </>
      ) : null}
      {shape.kind === 'cashAgent' ? (
        <>
          <p className="text-sm text-hint">{t('Quote this reference to your cash agent. The agent confirms the payment and your balance updates here.')}</p>
          <CopyValue label={t('Reference')} value={shape.reference} />
        </>
      ) : null}
      {shape.kind === 'withdrawal' && shape.address ? <CopyValue label={t('To address')} value={shape.address} /> : null}
      {status === 'pending' && onCancel ? (
        <Button variant="secondary" onClick={onCancel}>
          {withdrawal ? t('Cancel withdrawal') : t('Cancel deposit')}
        </Button>
      ) : null}
    </div>
  )
}
