import { TextField } from '@/components/ui/form-field'
import { maskAmount, minorUnitsToAmount } from '@/lib/money-amount'
import type { MoneyCurrency } from '@/lib/money'
import { t } from '@/lib/i18n'

export interface AmountValue {
  /** What the input shows (locale separators). */
  display: string
  /** The canonical decimal in the currency's display unit, or ''. */
  value: string
}

export const emptyAmount: AmountValue = { display: '', value: '' }

export interface AmountFieldProps {
  label: string
  amount: AmountValue
  onChange: (amount: AmountValue) => void
  currency: MoneyCurrency
  locale: string
  error: string | undefined
  /** Quick amounts in minor units, each a chip that fills the field. */
  chips: readonly number[]
  format: (amount: number) => string
}

/** The amount, typed through the number mask (spec section 5), with quick-amount chips. */
export function AmountField({ label, amount, onChange, currency, locale, error, chips, format }: AmountFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={label}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount.display}
        error={error}
        onChange={(event) => {
          onChange(maskAmount(event.target.value, currency, locale))
        }}
      />
      {chips.length > 0 ? (
        <div role="group" aria-label={t('Quick amounts')} className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <button
              key={chip}
              type="button"
              aria-pressed={amount.value !== '' && amount.value === minorUnitsToAmount(chip, currency)}
              onClick={() => {
                // The chip's canonical value, typed as the player's locale writes it.
                onChange(maskAmount(minorUnitsToAmount(chip, currency).replace('.', decimalSeparator(locale)), currency, locale))
              }}
              className="min-h-11 rounded-full bg-section px-4 text-sm font-semibold text-fg tabular-nums aria-pressed:bg-button aria-pressed:text-button-fg"
            >
              {format(chip)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}

function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
}
