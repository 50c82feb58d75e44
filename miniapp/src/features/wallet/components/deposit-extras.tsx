import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { FormError, TextField } from '@/components/ui/form-field'
import {
  useApplyDepositBonusCode,
  useDepositBonusCode,
  useRemoveDepositBonusCode,
} from '@/features/wallet/api/deposit-bonus-code'
import { useDepositBonuses } from '@/features/wallet/api/get-deposit-bonuses'
import type { Limit } from '@/features/wallet/api/get-deposit-limits'
import { ApiError } from '@/lib/api-client'
import { failureMessage } from '@/lib/forms'
import { haptic } from '@/lib/native'
import { constantName, useConstants } from '@/lib/settings'
import { t } from '@/lib/i18n'

type Format = (amount: number, code?: string) => string

/** The deposit bonuses this deposit can get (`/game/bonuses?currency&amount`); nothing when none. */
export function DepositBonusOffers({ currency, amount, format }: { currency: string; amount: number | undefined; format: Format }) {
  const offers = useDepositBonuses(currency, amount)
  if (offers.isPending) return <div aria-hidden="true" className="skeleton h-14 rounded-xl" />
  // The offers are a bonus on top of the deposit: when they fail to load the deposit still goes ahead.
  if (offers.isError) {
    return (
      <p className="flex items-center justify-between gap-2 text-sm text-hint">
        {t('Bonus offers could not be loaded.')}
        <button type="button" onClick={() => void offers.refetch()} className="min-h-11 font-semibold text-link">
          {t('Retry')}
        </button>
      </p>
    )
  }
  if (offers.data.length === 0) return null
  return (
    <section aria-label={t('Bonuses with this deposit')} className="flex flex-col gap-1.5">
      <p className="text-sm font-medium">{t('Bonuses with this deposit')}</p>
      <ul className="flex flex-col gap-1.5">
        {offers.data.map((offer) => {
          const item = offer.triggerConditions.invoiceAmountItems.find((candidate) => candidate.currency === currency)
          return (
            <li key={offer.id} className="rounded-xl bg-section px-3 py-2 text-sm">
              <span className="font-semibold">{offer.name}</span>
              {offer.package.matchPercent ? <span className="ml-2 text-hint">{t('+{percent}% of the deposit', { percent: offer.package.matchPercent })}</span> : null}
              {item ? <span className="block text-xs text-hint">{t('From {amount}', { amount: format(item.amountFrom, currency) })}</span> : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The deposit bonus code (trigger 3): the one waiting for this deposit with its removal, or a field to apply one. */
export function DepositBonusCode() {
  const waiting = useDepositBonusCode()
  const apply = useApplyDepositBonusCode()
  const remove = useRemoveDepositBonusCode()
  const [code, setCode] = useState('')
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string>()

  const constants = useConstants()
  // The platform numbers a code's statuses (`bonusCodeStatuses`); the spec names only the refusals.
  const applied = constants.data
    ? waiting.data?.find((candidate) => constantName(constants.data.bonusCodeStatuses, candidate.status) === 'waiting')
    : undefined
  if (waiting.isPending || constants.isPending) return <div aria-hidden="true" className="skeleton h-11 rounded-xl" />
  if (applied) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl bg-section px-3 py-2 text-sm">
        <span>{t('Bonus code {code} applies to this deposit', { code: applied.bonusCode })}</span>
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() => {
            remove.mutate(applied.playerBonusCodeId)
          }}
          className="min-h-11 shrink-0 font-semibold text-link"
        >
          {t('Remove')}
        </button>
      </div>
    )
  }
  if (!open) {
    return (
      <button type="button" onClick={() => { setOpen(true); }} className="min-h-11 self-start text-sm font-semibold text-link">
        {t('I have a bonus code')}
      </button>
    )
  }
  const submit = () => {
    if (code.trim() === '') {
      setError(t('Enter the bonus code.'))
      return
    }
    setError(undefined)
    apply.mutate(code.trim(), {
      onSuccess: () => {
        haptic('success')
        setCode('')
      },
      onError: (failure) => {
        haptic('error')
        setError(bonusCodeRefusal(failure))
      },
    })
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label={t('Bonus code')}
          name="bonusCode"
          autoComplete="off"
          value={code}
          onChange={(event) => {
            setCode(event.target.value)
            setError(undefined)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              submit()
            }
          }}
        />
        <Button variant="secondary" disabled={apply.isPending} onClick={submit}>
          {t('Apply')}
        </Button>
      </div>
      <FormError>{error}</FormError>
    </div>
  )
}

/**
 * Spec section 8: bonus code status 3 or 4 is an error alert (incorrect, not available). The platform
 * refuses with 422 and `status` 3 (`bonus_code_incorrect`) or 4 (every other reason: expired, used,
 * not a deposit code).
 */
function bonusCodeRefusal(failure: unknown): string {
  if (failure instanceof ApiError && failure.code === 'bonus_code_incorrect') return t('This bonus code is incorrect.')
  if (failure instanceof ApiError && failure.status === 422) return t('This bonus code is not available.')
  return failureMessage(failure)
}

/** The player's deposit limits with what each period has used. */
export function DepositLimits({ limits, format }: { limits: readonly Limit[]; format: Format }) {
  if (limits.length === 0) return null
  const periods: Readonly<Record<string, string>> = { daily: t('Daily'), weekly: t('Weekly'), monthly: t('Monthly') }
  return (
    <section aria-label={t('Your deposit limits')} className="flex flex-col gap-1 rounded-xl bg-section px-3 py-2 text-sm">
      <p className="font-medium">{t('Your deposit limits')}</p>
      {limits.map((limit) =>
        limit.amount != null && limit.currency ? (
          <p key={limit.id} className="flex justify-between gap-3 text-hint">
            <span>{periods[limit.period ?? ''] ?? limit.period}</span>
            <span className="tabular-nums">
              {t('{used} of {amount}', { used: format(limit.used ?? 0, limit.currency), amount: format(limit.amount, limit.currency) })}
            </span>
          </p>
        ) : null,
      )}
    </section>
  )
}
