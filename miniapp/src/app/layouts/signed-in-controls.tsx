import { NotificationsBellSlot } from '@/app/layouts/notifications-bell-slot'
import { Button } from '@/components/ui/button'
import { UserMenu } from '@/features/profile/components/user-menu'
import { BalanceButton } from '@/features/wallet/components/balance-button'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'

/**
 * The header's controls for a signed-in player: the bell, the active balance, Deposit and the avatar. A
 * chunk of its own: a guest's home page does not carry them.
 */
export default function SignedInControls() {
  const modals = useModals()
  return (
    <>
      <NotificationsBellSlot />
      <BalanceButton />
      <Button onClick={() => void modals.open('wallet', 'deposit')} className="px-4">
        {t('Deposit')}
      </Button>
      <UserMenu />
    </>
  )
}
