import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type SyntheticEvent, useEffect, useReducer, useRef, useState } from 'react'

import { buttonClassName } from '@/components/ui/button'
import { FormError } from '@/components/ui/form-field'
import { StateMessage } from '@/components/ui/state-message'
import { useCreateInvoice } from '@/features/wallet/api/create-invoice'
import { depositLimitsQueryOptions, useDepositLimits } from '@/features/wallet/api/get-deposit-limits'
import { useInvoice } from '@/features/wallet/api/get-invoice'
import { paymentMethodsQueryOptions, usePaymentMethods } from '@/features/wallet/api/get-payment-methods'
import { emptyAmount } from '@/components/amount-field'
import { DepositBonusCode, DepositBonusOffers, DepositLimits } from '@/features/wallet/components/deposit-extras'
import { MethodPicker } from '@/features/wallet/components/method-picker'
import { PaymentAmountField } from '@/features/wallet/components/payment-amount-field'
import { PaymentStatus } from '@/features/wallet/components/payment-status'
import { amountMessage, DEPOSIT_LIMIT_REACHED } from '@/features/wallet/components/payment-texts'
import type { PaymentStep, PrimaryActionRenderer } from '@/features/wallet/components/primary-action'
import { usePaymentMoney } from '@/features/wallet/components/use-active-money'
import { NoMethods, offeredGroups, RetryState } from '@/features/wallet/components/wallet-states'
import { amountProblem } from '@/features/wallet/payments/amount'
import { amountToMinorUnits } from '@/lib/money-amount'
import { initialPaymentState, invoiceStatus, isPaymentUnderway, paymentReducer } from '@/features/wallet/payments/invoice-machine'
import { initialMethod, methodShape, type PaymentMethod } from '@/features/wallet/payments/methods'
import { setPendingInvoiceId, usePendingInvoiceId } from '@/features/wallet/pending-invoice'
import { ApiError } from '@/lib/api-client'
import { useForm } from '@/lib/forms'
import { useClosingConfirmation } from '@/lib/native'
import { useSession } from '@/lib/session'
import { t } from '@/lib/i18n'

export interface DepositFormProps {
  /** Draws the primary action: the dialog's button, or Telegram's Main Button. */
  renderPrimary: PrimaryActionRenderer
  /**
   * Opens the provider's page without leaving the app: Telegram's `openLink`. Without it (a browser) a
   * new tab is opened during the tap itself, so no pop-up blocker stops it.
   */
  openExternal?: ((url: string) => void) | undefined
  /** Reports the step and how to step back from it (Telegram's back button). */
  onStep?: ((step: PaymentStep, back: () => void) => void) | undefined
  /** Opens `deposit-status` or `cancel-deposit` for an invoice. */
  onShowInvoice: (key: 'deposit-status' | 'cancel-deposit', id: string) => void
}

/** A tab opened before the call, sent to the provider's page once the platform answers with it. */
function openBlankTab(): Window | null {
  const tab = window.open('', '_blank')
  // The provider's page gets no handle on the app.
  if (tab) tab.opener = null
  return tab
}

/**
 * The deposit tab (spec section 4, "Wallet modal"): the active currency's methods, manual agents first,
 * the amount with its mask and quick amounts, the bonus offers and code, the limits; then the pending
 * invoice, followed live until `payment:invoices#` settles it (the app's `LiveInvoices` then opens
 * `deposit-success` or `deposit-error`). Code 13100 is the deposit-limit-reached state.
 */
export function DepositForm({ renderPrimary, openExternal, onStep, onShowInvoice }: DepositFormProps) {
  const queryClient = useQueryClient()
  const { state: session } = useSession()
  const profileId = session.status === 'loggedIn' ? session.profileId : undefined
  const money = usePaymentMoney()
  const { statuses } = money
  const code = money.account?.currency
  const methods = usePaymentMethods('deposit', code)
  const limits = useDepositLimits()
  const create = useCreateInvoice('deposit')
  const pendingId = usePendingInvoiceId(profileId)

  const [chosen, setChosen] = useState<string>()
  const [payment, dispatch] = useReducer(paymentReducer, initialPaymentState)
  const tab = useRef<Window | null>(null)
  const groups = offeredGroups(methods)
  const method = initialMethod(groups, chosen)
  const { account, currency } = money
  const formatHere = (value: number) => money.format(value, account?.currency)
  const form = useForm({
    initialValues: { amount: emptyAmount },
    mutation: create,
    check: ({ amount }) => {
      if (!method || !currency) return {}
      const problem = amountProblem(amountToMinorUnits(amount.value, currency), { min: method.minAmount, max: method.maxAmount })
      return { amount: problem && amountMessage(problem, formatHere) }
    },
    variables: ({ amount }) => {
      const minor = currency && amountToMinorUnits(amount.value, currency)
      if (!method || !account || minor === undefined) return null
      return { paymentMethod: method.id, amount: Number(minor), currency: account.currency, accountId: account.id }
    },
    onCall: () => {
      tab.current = !openExternal && method && methodShape(method) === 'redirect' ? openBlankTab() : null
      dispatch({ type: 'submit' })
    },
    onSuccess: (invoice) => {
      if (profileId !== undefined) setPendingInvoiceId(profileId, invoice.id)
      dispatch({ type: 'created', invoice, status: statuses && invoiceStatus(invoice, statuses) })
      if (invoice.redirectUrl) {
        if (tab.current) tab.current.location.assign(invoice.redirectUrl)
        else openExternal?.(invoice.redirectUrl)
      } else {
        tab.current?.close()
      }
    },
    onError: (failure, variables) => {
      tab.current?.close()
      dispatch({ type: 'refused' })
      if (failure instanceof ApiError && failure.code === DEPOSIT_LIMIT_REACHED) {
        void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions('deposit', variables.currency).queryKey })
      }
    },
    codeMessages: {
      duplicate_invoice: t('This payment was already created. Finish it or cancel it before paying again.'),
      // The limit-reached state replaces the form once the methods are loaded again.
      [DEPOSIT_LIMIT_REACHED]: {},
    },
  })
  const waitingId = payment.step === 'waiting' ? payment.invoice.id : undefined
  const live = useInvoice(waitingId)
  const shown = waitingId && live.data?.id === waitingId ? live.data : payment.step === 'waiting' ? payment.invoice : undefined

  useEffect(() => {
    if (live.data && live.data.id === waitingId) dispatch({ type: 'updated', invoice: live.data, status: statuses && invoiceStatus(live.data, statuses) })
  }, [live.data, waitingId, statuses])
  useClosingConfirmation(isPaymentUnderway(payment))
  const reset = () => {
    dispatch({ type: 'reset' })
  }
  useEffect(() => {
    onStep?.(payment.step === 'form' ? 'form' : 'status', reset)
  }, [payment.step, onStep])

  const limitReached = methods.error instanceof ApiError && methods.error.code === DEPOSIT_LIMIT_REACHED
  // Spec section 8: with 13100 the limits are loaded again, so the state shows the current ones.
  useEffect(() => {
    if (limitReached) void queryClient.invalidateQueries({ queryKey: depositLimitsQueryOptions().queryKey })
  }, [limitReached, queryClient])

  if (money.isPending || (code !== undefined && methods.isPending)) return <FormSkeleton />
  if (money.isError || !statuses || !account || !currency) {
    return <RetryState title={t('Your wallet could not be loaded')} onRetry={money.refetch} />
  }
  const { format } = money

  if (shown) {
    return (
      <PaymentStatus
        statuses={statuses}
        invoice={shown}
        format={format}
        units={money.units}
        onOpenPaymentPage={(url) => {
          if (openExternal) openExternal(url)
          else openBlankTab()?.location.assign(url)
        }}
        onCancel={() => {
          onShowInvoice('cancel-deposit', shown.id)
        }}
      />
    )
  }

  if (limitReached) {
    return (
      <div className="flex flex-col gap-4">
        <StateMessage
          role="alert"
          title={t('Deposit limit reached')}
          description={t('Your deposit limit does not allow more deposits now. You can deposit again when the period ends, or change the limit.')}
          action={
            <Link to="/$" params={{ _splat: 'profile/limits' }} className={buttonClassName('secondary')}>
              {t('Manage limits')}
            </Link>
          }
        />
        {limits.data ? <DepositLimits limits={limits.data} format={format} /> : null}
      </div>
    )
  }

  if (groups.length === 0) return <NoMethods methods={methods} direction="deposit" currency={account.currency} />

  const minor = amountToMinorUnits(form.values.amount.value, currency)
  // The player's tap reaches the form only with a method to pay by.
  const submit = (event?: SyntheticEvent) => {
    event?.preventDefault()
    if (method) form.submit()
  }

  const pending = form.pending
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {pendingId ? (
        <p className="flex items-center justify-between gap-3 rounded-xl bg-section px-3 py-2 text-sm">
          {t('You have a deposit waiting for payment.')}
          <button type="button" onClick={() => { onShowInvoice('deposit-status', pendingId); }} className="min-h-11 shrink-0 font-semibold text-link">
            {t('Show')}
          </button>
        </p>
      ) : null}
      <MethodPicker
        legend={t('Payment method')}
        groups={groups}
        value={method?.id}
        format={format}
        onChange={(next: PaymentMethod) => {
          setChosen(next.id)
          form.clearErrors('amount')
        }}
      />
      {method ? (
        <PaymentAmountField
          range={{ min: method.minAmount, max: method.maxAmount }}
          currency={currency}
          money={money}
          amount={form.values.amount}
          error={form.errors.amount}
          onChange={(next) => {
            form.set('amount', next)
          }}
        />
      ) : null}
      <DepositBonusOffers currency={account.currency} amount={minor !== undefined && minor > 0n ? Number(minor) : undefined} format={format} />
      <DepositBonusCode />
      {limits.data ? <DepositLimits limits={limits.data} format={format} /> : null}
      <FormError>{form.formError}</FormError>
      {renderPrimary({
        text: pending ? t('Creating payment…') : minor && minor > 0n ? t('Deposit {sum}', { sum: formatHere(Number(minor)) }) : t('Deposit'),
        enabled: method !== undefined && !pending,
        progress: pending,
        onClick: () => {
          submit()
        },
      })}
    </form>
  )
}

export function FormSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3" data-testid="wallet-skeleton">
      <div className="skeleton h-12 rounded-xl" />
      <div className="skeleton h-12 rounded-xl" />
      <div className="skeleton h-12 rounded-xl" />
      <div className="skeleton h-11 rounded-xl" />
    </div>
  )
}
