import { AmountField, type AmountValue } from '@/components/amount-field'
import type { ActiveMoney } from '@/features/wallet/components/use-active-money'
import { type AmountBounds, quickAmounts } from '@/features/wallet/payments/amount'
import { t } from '@/lib/i18n'
import { displayUnit, type MoneyCurrency } from '@/lib/money'

/**
 * The amount of a deposit or a withdrawal in the active account's `currency`, in the player's
 * number format, with quick amounts inside `range`.
 */
export function PaymentAmountField({
  range,
  currency,
  money,
  amount,
  error,
  onChange,
}: {
  range: Pick<AmountBounds, 'min' | 'max'>
  currency: MoneyCurrency
  money: ActiveMoney
  amount: AmountValue
  error: string | undefined
  onChange: (amount: AmountValue) => void
}) {
  return (
    <AmountField
      label={t('Amount, {currency}', { currency: displayUnit(currency).code })}
      amount={amount}
      onChange={onChange}
      currency={currency}
      locale={money.locale}
      error={error}
      chips={quickAmounts(range, currency)}
      format={(value) => money.format(value)}
    />
  )
}
