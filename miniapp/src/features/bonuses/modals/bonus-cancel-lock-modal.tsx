import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { parseHeldRef } from '@/features/bonuses/held-ref'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'

/**
 * `?bonus-cancel-lock=bonus-12-cancel-bonus_finished`: why the platform would not change the bonus. The
 * spec names the modal only; the reasons are the platform's stable refusal codes.
 */
export default function BonusCancelLockModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const ref = parseHeldRef(value)
  const close = () => void modals.close('bonus-cancel-lock')
  const reasons: Record<string, string> = {
    bonus_finished: t('This bonus has already finished: it was played through, cancelled or has expired.'),
    another_bonus_active: t('Another bonus in this currency is active. Finish or cancel it first, then activate this one.'),
    bonus_already_active: t('This bonus is already active.'),
    freespins_already_active: t('These free spins are already active.'),
  }
  const reason = (ref?.reason && reasons[ref.reason]) ?? t('This bonus cannot be changed right now.')
  return (
    <Dialog
      title={ref?.action === 'activate' ? t('The bonus cannot be activated') : t('The bonus cannot be cancelled')}
      zIndex={zIndex}
      onClose={close}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg">{reason}</p>
        <Button onClick={close}>{t('OK')}</Button>
      </div>
    </Dialog>
  )
}
