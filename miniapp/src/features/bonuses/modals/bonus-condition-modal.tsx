import { ProgressBar } from '@/components/ui/progress-bar'
import { Dialog } from '@/components/ui/dialog'
import { useFreeSpinGame } from '@/features/bonuses/api/get-free-spin-game'
import { parseHeldRef } from '@/features/bonuses/held-ref'
import { HeldDialogState } from '@/features/bonuses/modals/held-dialog-states'
import { wageringPercent } from '@/features/bonuses/statuses'
import { useHeld } from '@/features/bonuses/use-held'
import { useMoney } from '@/features/bonuses/use-money'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'

/** `?bonus-condition=bonus-12`: the wagering conditions (`wagerCasinoConditions`): how much, how far, which games, the largest bet. */
export default function BonusConditionModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const ref = parseHeldRef(value)
  const found = useHeld(ref?.kind === 'bonus' ? ref : undefined)
  const money = useMoney()
  const gameIds = found.status === 'found' && found.held.kind === 'bonus' ? found.held.item.wagerCasinoConditions.gameIds : []
  const close = () => void modals.close('bonus-condition')
  let body
  if (found.status !== 'found' || found.held.kind !== 'bonus') {
    body = (
      <HeldDialogState
        status={found.status === 'found' ? 'missing' : found.status}
        onRetry={found.status === 'found' ? close : found.retry}
      />
    )
  } else {
    const bonus = found.held.item
    const conditions = bonus.wagerCasinoConditions
    const left = Math.max(0, conditions.wagerAmount - conditions.wageredAmount)
    body = (
      <div className="flex flex-col gap-3 text-sm">
        <p>
          {t('Wager ×{multiplier} the bonus: {needed} in bets, on real money, before it expires.', {
            multiplier: conditions.multiplier,
            needed: money(conditions.wagerAmount, bonus.currency),
          })}
        </p>
        <ProgressBar
          label={t('Wagered of {name}', { name: bonus.name })}
          percent={wageringPercent(conditions.wageredAmount, conditions.wagerAmount)}
        />
        <p className="tabular-nums text-hint">{t('{left} left to wager', { left: money(left, bonus.currency) })}</p>
        {conditions.maxBetAmount != null ? (
          <p>{t('Bets above {max} do not count.', { max: money(conditions.maxBetAmount, bonus.currency) })}</p>
        ) : null}
        {gameIds.length === 0 ? (
          <p>{t('Bets on every game count.')}</p>
        ) : (
          <div className="flex flex-col gap-1">
            <p>{t('Only bets on these games count:')}</p>
            <ul className="list-disc pl-5">
              {gameIds.map((id) => (
                <GameName key={id} id={id} />
              ))}
            </ul>
          </div>
        )}
      </div>
    )
  }
  return (
    <Dialog title={t('Bonus conditions')} zIndex={zIndex} onClose={close}>
      {body}
    </Dialog>
  )
}

/** A game that counts, by name once it is known (its number until then, or if the lookup fails). */
function GameName({ id }: { id: number }) {
  const game = useFreeSpinGame(id)
  return <li>{game.data?.name ?? t('Game {id}', { id })}</li>
}
