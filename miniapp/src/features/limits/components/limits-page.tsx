import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { SkeletonColumn } from '@/components/ui/skeleton-column'
import { ProgressBar } from '@/components/ui/progress-bar'
import { StateMessage } from '@/components/ui/state-message'
import { type Limit, useLimits } from '@/features/limits/api/limits'
import { RealityCheckSetting } from '@/features/limits/components/reality-check-setting'
import { definitionName, groupLimits, isLimitPeriod, LIMIT_DEFINITIONS, otherCurrenciesCounted, periodName, usedPercent } from '@/features/limits/limit-rules'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { formatIn } from '@/lib/money-in'
import { useCurrencies } from '@/lib/settings'

/** A moment the platform names (RFC 3339) as the player reads it. */
export function formatMoment(at: string): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

/**
 * `/profile/limits`: the player's responsible-gambling limits, money limits grouped by period with what
 * each period has used, and the breaks (cooling-off, self-exclusion). `currency` is the active account's,
 * the default of a new limit; `accountCurrencies` are all the player's, whose play each limit counts.
 */
export function LimitsPage({ currency, accountCurrencies }: { currency: string | undefined; accountCurrencies: readonly string[] }) {
  const limits = useLimits()
  const modals = useModals()
  const add = (definition: number) => void modals.open('add-limit', currency ? `${String(definition)}.${currency}` : String(definition))

  let body
  if (limits.isError) body = <LoadError title={t('Your limits did not load')} onRetry={() => void limits.refetch()} />
  else if (!limits.data)
    body = <SkeletonColumn busy className="gap-3" blocks={['h-24 rounded-2xl', 'h-24 rounded-2xl']} />
  else {
    const grouped = groupLimits(limits.data)
    const onBreak = grouped.exclusions.length > 0
    body = (
      <>
        {grouped.byPeriod.length === 0 ? (
          <StateMessage
            title={t('No limits set')}
            description={t('Decide how much you deposit, bet or lose in a day, a week or a month. Lowering a limit applies at once.')}
            action={<Button onClick={() => { add(LIMIT_DEFINITIONS.deposit); }}>{t('Set a limit')}</Button>}
          />
        ) : (
          <>
            {grouped.byPeriod.map((group) => (
              <section key={group.period} aria-labelledby={`limits-${group.period}`} className="flex flex-col gap-2">
                <h2 id={`limits-${group.period}`} className="text-base font-bold text-fg">
                  {periodName(group.period)}
                </h2>
                <ul className="flex flex-col gap-2">
                  {group.limits.map((limit) => (
                    <MoneyLimit key={limit.id} limit={limit} accountCurrencies={accountCurrencies} />
                  ))}
                </ul>
              </section>
            ))}
            <Button variant="secondary" className="self-start" onClick={() => { add(LIMIT_DEFINITIONS.deposit); }}>
              {t('Add a limit')}
            </Button>
          </>
        )}
        <section aria-labelledby="limits-breaks" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
          <h2 id="limits-breaks" className="text-base font-bold text-fg">
            {t('Take a break')}
          </h2>
          {onBreak ? (
            <ul className="flex flex-col gap-2">
              {grouped.exclusions.map((limit) => (
                <li key={limit.id} className="rounded-xl bg-section px-4 py-3 text-sm" data-testid="running-break">
                  <p className="font-semibold text-fg">{definitionName(limit.definition)}</p>
                  <p className="text-hint">
                    {limit.endsAt ? t('Until {when}. Play and deposits are closed until then.', { when: formatMoment(limit.endsAt) }) : null}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <>
              <p className="text-sm text-hint">
                {t('A cooling-off pauses your account for a few days; a self-exclusion closes it for months or years. Neither can be undone early.')}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => { add(LIMIT_DEFINITIONS.coolingOff); }}>
                  {t('Cooling-off')}
                </Button>
                <Button variant="secondary" onClick={() => { add(LIMIT_DEFINITIONS.selfExclusion); }}>
                  {t('Self-exclusion')}
                </Button>
              </div>
            </>
          )}
        </section>
        <RealityCheckSetting />
      </>
    )
  }
  return (
    <section aria-labelledby="limits-title" className="flex flex-col gap-4">
      <h1 id="limits-title" className="text-2xl font-bold text-fg">
        {t('Limits')}
      </h1>
      {body}
    </section>
  )
}

function MoneyLimit({ limit, accountCurrencies }: { limit: Limit; accountCurrencies: readonly string[] }) {
  const modals = useModals()
  const currencies = useCurrencies()
  const money = (amount: number | null | undefined) =>
    amount == null || !limit.currency ? '—' : (formatIn(amount, limit.currency, currencies.data) ?? `${String(amount)} ${limit.currency}`)
  const name = definitionName(limit.definition)
  const others = otherCurrenciesCounted(limit, accountCurrencies)
  let pending: ReactNode = null
  if (limit.effectiveAt && limit.pendingRemoval)
    pending = t('Removed on {when}.', { when: formatMoment(limit.effectiveAt) })
  else if (limit.effectiveAt && (limit.pendingAmount != null || limit.pendingPeriod != null))
    pending = t('Changes to {amount} {period} on {when}.', {
      amount: money(limit.pendingAmount ?? limit.amount),
      period: isLimitPeriod(limit.pendingPeriod) ? periodName(limit.pendingPeriod).toLowerCase() : isLimitPeriod(limit.period) ? periodName(limit.period).toLowerCase() : '',
      when: formatMoment(limit.effectiveAt),
    })
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-surface px-4 py-3" data-testid={`limit-${String(limit.id)}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-fg">{name}</p>
        <p className="text-sm text-fg tabular-nums">{t('{used} of {amount}', { used: money(limit.used ?? 0), amount: money(limit.amount) })}</p>
      </div>
      <ProgressBar label={t('{name} used', { name })} percent={usedPercent(limit)} />
      {others.length > 0 && limit.currency ? (
        <p className="text-xs text-hint">
          {t('Your {currencies} accounts count too, converted into {currency}.', { currencies: others.join(', '), currency: limit.currency })}
        </p>
      ) : null}
      {pending ? (
        <p className="text-xs text-accent" role="status">
          {pending}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void modals.open('edit-limit', String(limit.id))}>
          {t('Change')}
        </Button>
        {limit.pendingRemoval ? null : (
          <Button variant="secondary" onClick={() => void modals.open('confirm-delete-limit', String(limit.id))}>
            {t('Remove')}
          </Button>
        )}
      </div>
    </li>
  )
}
