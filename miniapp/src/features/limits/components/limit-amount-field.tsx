import { useState } from 'react'

import { AmountField } from '@/components/amount-field'
import { SelectField } from '@/components/ui/form-field'
import { LIMIT_PERIODS, periodName } from '@/features/limits/limit-rules'
import type { Currency } from '@/lib/api-types'
import { scaledToString } from '@/lib/decimal'
import { LOCALE_TAGS, t, useI18n } from '@/lib/i18n'
import { displayUnit } from '@/lib/money'
import { unitFractionDigits } from '@/lib/money-amount'
import { minValue, numeric, required } from '@/lib/validation'

/** The smallest amount a limit in `currency` can be, as the field's canonical decimal (0.01 USD, 0.00001 mBTC). */
function smallestLimitAmount(currency: Currency): string {
  return scaledToString(1n, unitFractionDigits(displayUnit(currency)))
}

/** A money limit's amount: a number of at least the currency's smallest limit (0.01 while none is chosen). */
export function limitAmountRules(currency: Currency | undefined) {
  return [required(), numeric(), minValue(currency ? smallestLimitAmount(currency) : '0.01')]
}

/** The period a money limit counts over. */
export function LimitPeriodField({ value, onChange }: { value: string; onChange: (period: string) => void }) {
  return (
    <SelectField
      label={t('Period')}
      name="period"
      value={value}
      onChange={onChange}
      options={LIMIT_PERIODS.map((period) => ({ value: period, label: periodName(period) }))}
    />
  )
}

export interface LimitAmountFieldProps {
  currency: Currency
  /** The canonical decimal in the currency's display unit (what the form keeps). */
  value: string
  onChange: (value: string) => void
  error: string | undefined
}

/** A limit's amount in the currency's display unit, typed through the number mask (no quick amounts: a limit is the player's own figure). */
export function LimitAmountField({ currency, value, onChange, error }: LimitAmountFieldProps) {
  const { locale } = useI18n()
  const [display, setDisplay] = useState(value)
  return (
    <AmountField
      label={t('Amount ({unit})', { unit: displayUnit(currency).code })}
      amount={{ display, value }}
      onChange={(next) => {
        setDisplay(next.display)
        onChange(next.value)
      }}
      currency={currency}
      locale={LOCALE_TAGS[locale]}
      error={error}
      chips={[]}
      format={String}
    />
  )
}
