import { lazy, type SyntheticEvent, Suspense, useEffect, useReducer, useState } from 'react'

import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import { useCreateInvoice } from '@/features/wallet/api/create-invoice'
import { useInvoice } from '@/features/wallet/api/get-invoice'
import { usePaymentMethods } from '@/features/wallet/api/get-payment-methods'
import { emptyAmount } from '@/components/amount-field'
import { FormSkeleton } from '@/features/wallet/components/deposit-form'
import { MethodPicker } from '@/features/wallet/components/method-picker'
import { PaymentAmountField } from '@/features/wallet/components/payment-amount-field'
import { PaymentStatus } from '@/features/wallet/components/payment-status'
import { addressMessage, amountMessage } from '@/features/wallet/components/payment-texts'
import type { PaymentStep, PrimaryActionRenderer } from '@/features/wallet/components/primary-action'
import { usePaymentMoney } from '@/features/wallet/components/use-active-money'
import { NoMethods, offeredGroups, RetryState } from '@/features/wallet/components/wallet-states'
import { amountProblem } from '@/features/wallet/payments/amount'
import { amountToMinorUnits } from '@/lib/money-amount'
import { addressFromScan, addressProblem, isTonNetwork } from '@/features/wallet/payments/crypto-address'
import { initialPaymentState, invoiceStatus, isPaymentUnderway, paymentReducer } from '@/features/wallet/payments/invoice-machine'
import { initialMethod, methodShape } from '@/features/wallet/payments/methods'
import { useForm } from '@/lib/forms'
import { useClosingConfirmation } from '@/lib/native'
import { t } from '@/lib/i18n'

// The TON Connect SDK loads only once a TON withdrawal method is chosen.
const ConnectedWalletAddress = lazy(() => import('@/features/wallet/ton/withdraw-address'))

export interface WithdrawFormProps {
  renderPrimary: PrimaryActionRenderer
  /** Telegram's QR scanner, where the host has one: resolves with the scanned text, or undefined when closed. */
  scanQr?: (() => Promise<string | undefined>) | undefined
  onStep?: ((step: PaymentStep, back: () => void) => void) | undefined
}

/**
 * The withdraw tab (spec section 4): the active currency's withdrawal methods, an amount within the
 * balance and the method, the crypto address (`wallet_id`, required), a confirmation, then the invoice
 * followed live. The platform holds the amount at once; the player may cancel while it is pending.
 */
export function WithdrawForm({ renderPrimary, scanQr, onStep }: WithdrawFormProps) {
  const money = usePaymentMoney()
  const { statuses } = money
  const code = money.account?.currency
  const methods = usePaymentMethods('withdrawal', code)
  const create = useCreateInvoice('withdrawal')
  const [chosen, setChosen] = useState<string>()
  const [confirming, setConfirming] = useState(false)
  const [payment, dispatch] = useReducer(paymentReducer, initialPaymentState)
  const groups = offeredGroups(methods)
  const method = initialMethod(groups, chosen)
  const crypto = method !== undefined && methodShape(method) === 'crypto'
  const { account, currency } = money
  const formatHere = (value: number) => money.format(value, account?.currency)
  const form = useForm({
    initialValues: { amount: emptyAmount, wallet_id: '' },
    mutation: create,
    check: ({ amount, wallet_id: address }) => {
      if (!method || !account || !currency) return {}
      const problem = amountProblem(amountToMinorUnits(amount.value, currency), { min: method.minAmount, max: method.maxAmount, balance: account.balance })
      const badAddress = crypto ? addressProblem(address, method.network ?? undefined) : undefined
      return {
        amount: problem && amountMessage(problem, formatHere),
        wallet_id: badAddress && addressMessage(badAddress, method.network ?? undefined),
      }
    },
    variables: ({ amount, wallet_id: address }) => {
      const minor = currency && amountToMinorUnits(amount.value, currency)
      if (!method || !account || minor === undefined) return null
      return {
        paymentMethod: method.id,
        amount: Number(minor),
        currency: account.currency,
        accountId: account.id,
        fields: crypto ? { wallet_id: address.trim() } : {},
      }
    },
    onCall: () => {
      dispatch({ type: 'submit' })
    },
    onSuccess: (invoice) => {
      dispatch({ type: 'created', invoice, status: statuses && invoiceStatus(invoice, statuses) })
      setConfirming(false)
    },
    onError: () => {
      dispatch({ type: 'refused' })
      setConfirming(false)
    },
    codeMessages: { insufficient_funds: { amount: t('Your balance is lower than this amount.') } },
  })
  const waitingId = payment.step === 'waiting' ? payment.invoice.id : undefined
  const live = useInvoice(waitingId)
  useEffect(() => {
    if (live.data && live.data.id === waitingId) dispatch({ type: 'updated', invoice: live.data, status: statuses && invoiceStatus(live.data, statuses) })
  }, [live.data, waitingId, statuses])
  useClosingConfirmation(isPaymentUnderway(payment))
  const step: PaymentStep = payment.step === 'form' || payment.step === 'creating' ? (confirming ? 'confirm' : 'form') : 'status'
  useEffect(() => {
    onStep?.(step, () => {
      setConfirming(false)
      dispatch({ type: 'reset' })
    })
  }, [step, onStep])

  if (money.isPending || (code !== undefined && methods.isPending)) return <FormSkeleton />
  if (money.isError || !statuses || !account || !currency) {
    return <RetryState title={t('Your wallet could not be loaded')} onRetry={money.refetch} />
  }
  const { format } = money

  if (payment.step === 'waiting' || payment.step === 'succeeded' || payment.step === 'failed') {
    return (
      <PaymentStatus
        statuses={statuses}
        invoice={payment.invoice}
        format={format}
        units={money.units}
        onOpenPaymentPage={() => undefined}
      />
    )
  }

  if (groups.length === 0) return <NoMethods methods={methods} direction="withdrawal" currency={account.currency} />

  const minor = amountToMinorUnits(form.values.amount.value, currency)
  const address = form.values.wallet_id
  const pending = form.pending
  const ton = crypto && isTonNetwork(method.network)

  // The first submit checks and asks for a confirmation; the confirmed one makes the call, unless the
  // amount no longer passes (a balance that fell meanwhile): then the form shows why.
  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault()
    if (!confirming) {
      if (method && form.validate()) setConfirming(true)
    } else if (form.validate()) form.submit()
    else setConfirming(false)
  }

  if (confirming && method) {
    return (
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <h3 className="text-base font-semibold">{t('Confirm the withdrawal')}</h3>
        <dl className="flex flex-col gap-2 rounded-xl bg-section px-3 py-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-hint">{t('Amount')}</dt>
            <dd className="font-semibold tabular-nums">{formatHere(Number(minor ?? 0n))}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-hint">{t('Method')}</dt>
            <dd>{method.displayName}</dd>
          </div>
          {crypto ? (
            <div className="flex flex-col gap-1">
              <dt className="text-hint">{t('To address')}</dt>
              <dd className="font-mono break-all">{address.trim()}</dd>
            </div>
          ) : null}
        </dl>
        <p className="text-sm text-hint">{t('The amount leaves your balance now and is paid out once the provider confirms it.')}</p>
        <FormError>{form.formError}</FormError>
        {renderPrimary({ text: pending ? t('Sending…') : t('Confirm withdrawal'), enabled: !pending, progress: pending, onClick: () => { submit(); } })}
        <Button variant="secondary" disabled={pending} onClick={() => { setConfirming(false); }}>
          {t('Back')}
        </Button>
      </form>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-sm text-hint">{t('Available: {balance}', { balance: formatHere(account.balance) })}</p>
      <MethodPicker
        legend={t('Withdrawal method')}
        groups={groups}
        value={method?.id}
        format={format}
        onChange={(next) => {
          setChosen(next.id)
          form.clearErrors()
        }}
      />
      {method ? (
        <PaymentAmountField
          range={{ min: method.minAmount, max: Math.min(method.maxAmount, account.balance) }}
          currency={currency}
          money={money}
          amount={form.values.amount}
          error={form.errors.amount}
          onChange={(next) => {
            form.set('amount', next)
          }}
        />
      ) : null}
      {crypto ? (
        <div className="flex items-end gap-2">
          <TextField
            className="flex-1"
            label={t('Wallet address ({network})', { network: method.network ?? '' })}
            autoComplete="off"
            spellCheck={false}
            {...form.field('wallet_id')}
          />
          {scanQr ? (
            <Button
              variant="secondary"
              aria-label={t('Scan the address QR code')}
              onClick={() => {
                void scanQr().then((text) => {
                  if (text) form.set('wallet_id', addressFromScan(text))
                })
              }}
            >
              {t('Scan')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {ton ? (
        <Suspense fallback={<div aria-hidden="true" className="skeleton h-14 rounded-xl" />}>
          <ConnectedWalletAddress
            current={address}
            onUse={(next) => {
              form.set('wallet_id', next)
            }}
          />
        </Suspense>
      ) : null}
      <FormError>{form.formError}</FormError>
      {renderPrimary({ text: t('Continue'), enabled: method !== undefined, progress: false, onClick: () => { submit(); } })}
    </form>
  )
}
