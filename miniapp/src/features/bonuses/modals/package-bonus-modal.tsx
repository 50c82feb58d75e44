import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { LoadError } from '@/components/ui/load-error'
import { StateMessage } from '@/components/ui/state-message'
import { useDepositBonuses } from '@/features/bonuses/api/get-deposit-bonuses'
import { useMoney } from '@/features/bonuses/use-money'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'

/** `?package-bonus={depositBonusId}`: a deposit offer's package: what it gives, for which deposits, and its wagering. */
export default function PackageBonusModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  const offers = useDepositBonuses()
  const money = useMoney()
  const close = () => void modals.close('package-bonus')
  const offer = offers.data?.find((candidate) => String(candidate.id) === String(value))
  let body
  if (offers.isError) body = <LoadError title={t('The offers did not load')} onRetry={() => void offers.refetch()} />
  else if (!offers.data) body = <div aria-hidden="true" className="skeleton h-24 rounded-xl" />
  else if (!offer)
    body = <StateMessage title={t('This offer has ended')} description={t('See the offers open to you on the bonuses page.')} />
  else {
    const { package: pack, triggerConditions } = offer
    const deposits =
      offer.depositNumberTo == null
        ? t('From your deposit number {from}', { from: offer.depositNumberFrom })
        : offer.depositNumberFrom === offer.depositNumberTo
          ? t('Your deposit number {from}', { from: offer.depositNumberFrom })
          : t('Deposits {from} to {to}', { from: offer.depositNumberFrom, to: offer.depositNumberTo })
    body = (
      <div className="flex flex-col gap-3 text-sm">
        <p className="text-base font-semibold">{pack.name}</p>
        {pack.matchPercent != null ? <p>{t('{percent}% of your deposit as a bonus.', { percent: pack.matchPercent })}</p> : null}
        <p>{deposits}</p>
        {pack.wagerMultiplier > 0 ? (
          <p>{t('Wager ×{multiplier} the bonus to move it to your balance.', { multiplier: pack.wagerMultiplier })}</p>
        ) : null}
        {triggerConditions.invoiceAmountItems.length > 0 ? (
          <div className="flex flex-col gap-1">
            <p className="text-hint">{t('Smallest deposit')}</p>
            <ul className="flex flex-wrap gap-2">
              {triggerConditions.invoiceAmountItems.map((item) => (
                <li key={item.currency} className="rounded-full bg-section px-3 py-1 tabular-nums">
                  {money(item.amountFrom, item.currency)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {signedIn ? <Button onClick={() => void modals.open('wallet', 'deposit')}>{t('Make a deposit')}</Button> : null}
      </div>
    )
  }
  return (
    <Dialog title={t('Deposit offer')} zIndex={zIndex} onClose={close}>
      {body}
    </Dialog>
  )
}
