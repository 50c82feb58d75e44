import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { LoyaltyCard } from '@/features/loyalty/components/loyalty-card'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'

/** `?loyaltyLevel={level name}`: the level-up notice (spec section 4), with the new standing and the ladder. */
export default function LoyaltyLevelModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const close = () => void modals.close('loyaltyLevel')
  return (
    <Dialog title={value === true ? t('Your loyalty level') : t('You reached {level}!', { level: value })} zIndex={zIndex} onClose={close}>
      <div className="flex flex-col gap-4">
        <LoyaltyCard />
        <Button onClick={close}>{t('Great')}</Button>
      </div>
    </Dialog>
  )
}
