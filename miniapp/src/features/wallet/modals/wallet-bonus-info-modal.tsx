import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { LoadError } from '@/features/wallet/components/load-error'
import { StateMessage } from '@/components/ui/state-message'
import { useBonusHistory } from '@/features/wallet/api/get-bonus-history'
import { formatIn } from '@/features/wallet/money-format'
import { wageringPercent } from '@/features/wallet/wagering'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'
import { useCurrencies } from '@/lib/settings'

const ISSUED = 1
const ACTIVE = 2

/**
 * `?wallet-bonus-info`: how bonus money relates to the wallet, with the player's running bonuses and how
 * far each is wagered. The spec names the modal only; this is what a wallet's "bonus balance" info
 * shows in real products. A bonus id as the value puts that bonus first.
 */
export default function WalletBonusInfoModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const { state } = useSession()
  // Anyone may open this modal (spec section 2); only a signed-in player has bonuses to list.
  const signedIn = state.status === 'loggedIn'
  const bonuses = useBonusHistory(undefined, signedIn)
  const currencies = useCurrencies()
  const close = () => void modals.close('wallet-bonus-info')
  const focused = value === true ? undefined : Number(value)
  const running = (bonuses.data ?? [])
    .filter((bonus) => bonus.status === ISSUED || bonus.status === ACTIVE)
    .sort((a, b) => Number(b.id === focused) - Number(a.id === focused))
  return (
    <Dialog
      title={t('Bonus money')}
      description={t('Bonus money is kept apart from your balance until you wager it the required number of times. Then it is added to your account.')}
      zIndex={zIndex}
      onClose={close}
    >
      <div className="flex flex-col gap-3">
        {!signedIn ? (
          <Button onClick={() => void modals.open('sign-in')}>{t('Sign in')}</Button>
        ) : bonuses.isError ? (
          <LoadError title={t('Your bonuses did not load')} onRetry={() => void bonuses.refetch()} />
        ) : !bonuses.data ? (
          <div aria-hidden="true" className="skeleton h-24 rounded-xl" />
        ) : running.length === 0 ? (
          <StateMessage
            title={t('No bonuses running')}
            description={t('A deposit can bring a bonus: see the offers when you deposit.')}
            action={<Button onClick={() => void modals.open('wallet', 'deposit')}>{t('Make a deposit')}</Button>}
          />
        ) : (
          <ul className="flex flex-col gap-2">
            {running.map((bonus) => {
              const conditions = bonus.wagerCasinoConditions
              const percent = wageringPercent(conditions.wageredAmount, conditions.wagerAmount)
              const money = (amount: number) => formatIn(amount, bonus.currency, currencies.data) ?? '—'
              return (
                <li key={bonus.id} className="flex flex-col gap-2 rounded-xl bg-section px-4 py-3 text-sm">
                  <span className="flex items-center gap-2">
                    <span className="font-semibold">{bonus.name}</span>
                    <span className="ml-auto font-semibold tabular-nums">{money(bonus.amount)}</span>
                  </span>
                  <div
                    role="progressbar"
                    aria-label={t('Wagered of {name}', { name: bonus.name })}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                    className="h-2 overflow-hidden rounded-full bg-surface"
                  >
                    <div className="h-full rounded-full bg-button" style={{ width: `${String(percent)}%` }} />
                  </div>
                  <span className="text-xs text-hint">
                    {t('Wagered {done} of {needed}', { done: money(conditions.wageredAmount), needed: money(conditions.wagerAmount) })}
                  </span>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </Dialog>
  )
}
