import { Dialog } from '@/components/ui/dialog'
import { TimeLeft } from '@/components/ui/time-left'
import { parseHeldRef } from '@/features/bonuses/held-ref'
import { HeldDialogState } from '@/features/bonuses/modals/held-dialog-states'
import { useHeld } from '@/features/bonuses/use-held'
import { useMoney } from '@/features/bonuses/use-money'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'

/** `?bonus-details=bonus-12` (or `freespin-3`): everything about one held bonus or free-spin bundle. */
export default function BonusDetailsModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const found = useHeld(parseHeldRef(value))
  const money = useMoney()
  const close = () => void modals.close('bonus-details')
  const sources: Record<string, string> = {
    deposit: t('A deposit'),
    code: t('A bonus code'),
    quest: t('A quest reward'),
    cashback: t('Cashback'),
  }
  let body
  if (found.status !== 'found') body = <HeldDialogState status={found.status} onRetry={found.retry} />
  else {
    const { held } = found
    const rows: [string, string][] = [
      [t('Status'), held.status === 'active' ? t('Active') : t('Not activated')],
      [t('From'), sources[held.item.source] ?? held.item.source],
      [t('Received'), new Date(held.item.createdAt).toLocaleString()],
    ]
    if (held.kind === 'bonus') {
      const { item } = held
      rows.unshift([t('Amount'), money(item.amount, item.currency)])
      if (item.maxBetAmount != null) rows.push([t('Largest bet'), money(item.maxBetAmount, item.currency)])
      rows.push([t('Wagering'), t('×{multiplier}', { multiplier: item.wagerCasinoConditions.multiplier })])
    } else {
      const { item } = held
      rows.unshift([t('Free spins'), t('{used} of {count} played', { used: item.usedCount, count: item.count })])
      rows.push([t('Stake per spin'), money(item.betAmount, item.currency)], [t('Won so far'), money(item.totalWin, item.currency)])
    }
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-base font-semibold">{held.item.name}</p>
        <TimeLeft at={held.item.expiresAt} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([term, detail]) => (
            <div key={term} className="contents">
              <dt className="text-hint">{term}</dt>
              <dd className="text-right font-semibold tabular-nums">{detail}</dd>
            </div>
          ))}
        </dl>
      </div>
    )
  }
  return (
    <Dialog title={t('Bonus details')} zIndex={zIndex} onClose={close}>
      {body}
    </Dialog>
  )
}
