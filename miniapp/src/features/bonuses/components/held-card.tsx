import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { ProgressBar } from '@/components/ui/progress-bar'
import { TimeLeft } from '@/components/ui/time-left'
import type { HeldAction } from '@/features/bonuses/api/change-held'
import { unsettledBetsQueryOptions } from '@/features/bonuses/api/get-unsettled-bets'
import { FreeSpinGameLink } from '@/features/bonuses/components/free-spin-game-link'
import { heldRefValue } from '@/features/bonuses/held-ref'
import { wageringPercent } from '@/features/bonuses/statuses'
import type { Held } from '@/features/bonuses/use-held'
import { useMoney } from '@/features/bonuses/use-money'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'

/**
 * One bonus or free-spin bundle: what it is worth, its state, how far it is wagered (or played), when it
 * ends, and its actions. Activation and cancellation always go through a confirmation; cancelling while
 * bets are still open asks with `confirm-bonus-unsettled` instead.
 */
export function HeldCard({ held }: { held: Held }) {
  const modals = useModals()
  const queryClient = useQueryClient()
  const money = useMoney()
  const [checking, setChecking] = useState(false)
  const { kind, item } = held
  const ref = { kind, id: item.id }

  const confirm = async (action: HeldAction) => {
    if (action === 'cancel' && held.status === 'active') {
      setChecking(true)
      // The platform decides in the end; the count only picks the warning the player reads first.
      const open = await queryClient.query({ ...unsettledBetsQueryOptions(), staleTime: 0 }).catch(() => 0)
      setChecking(false)
      if (open > 0) {
        void modals.open('confirm-bonus-unsettled', heldRefValue({ ...ref, action }))
        return
      }
    }
    void modals.open('confirm-bonus', heldRefValue({ ...ref, action }))
  }

  const statusLabel = held.status === 'active' ? t('Active') : t('Not activated')
  let value: string
  let progress: { label: string; percent: number; caption: string }
  if (held.kind === 'bonus') {
    const bonus = held.item
    const conditions = bonus.wagerCasinoConditions
    value = money(bonus.amount, bonus.currency)
    progress = {
      label: t('Wagered of {name}', { name: bonus.name }),
      percent: wageringPercent(conditions.wageredAmount, conditions.wagerAmount),
      caption: t('Wagered {done} of {needed}', {
        done: money(conditions.wageredAmount, bonus.currency),
        needed: money(conditions.wagerAmount, bonus.currency),
      }),
    }
  } else {
    const bundle = held.item
    value = t('{count} free spins', { count: bundle.count })
    progress = {
      label: t('Free spins played of {name}', { name: bundle.name }),
      percent: wageringPercent(bundle.usedCount, bundle.count),
      caption: t('{used} of {count} played, won {win}', {
        used: bundle.usedCount,
        count: bundle.count,
        win: money(bundle.totalWin, bundle.currency),
      }),
    }
  }

  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-section p-4 text-sm" data-testid={`${kind}-${String(item.id)}`}>
      <div className="flex items-start gap-3">
        <div className="flex flex-1 flex-col gap-1">
          <h3 className="font-semibold text-fg">{item.name}</h3>
          <span className="flex flex-wrap items-center gap-2">
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${held.status === 'active' ? 'bg-button text-button-fg' : 'bg-surface text-fg'}`}
            >
              {statusLabel}
            </span>
            <TimeLeft at={item.expiresAt} />
          </span>
        </div>
        <span className="text-base font-bold text-fg tabular-nums">{value}</span>
      </div>
      {held.status === 'active' ? (
        <div className="flex flex-col gap-1">
          <ProgressBar label={progress.label} percent={progress.percent} />
          <span className="text-xs text-hint tabular-nums">{progress.caption}</span>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {held.status === 'issued' ? <Button onClick={() => void confirm('activate')}>{t('Activate')}</Button> : null}
        {held.kind === 'freespin' && held.status === 'active' ? <FreeSpinGameLink gameId={held.item.gameId} /> : null}
        <Button variant="secondary" disabled={checking} onClick={() => void confirm('cancel')}>
          {t('Cancel bonus')}
        </Button>
        <Button variant="secondary" onClick={() => void modals.open('bonus-details', heldRefValue(ref))}>
          {t('Details')}
        </Button>
        {held.kind === 'bonus' ? (
          <Button variant="secondary" onClick={() => void modals.open('bonus-condition', heldRefValue(ref))}>
            {t('Conditions')}
          </Button>
        ) : null}
      </div>
    </li>
  )
}
