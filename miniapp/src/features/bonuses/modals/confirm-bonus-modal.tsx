import { ConfirmHeld } from '@/features/bonuses/modals/confirm-held'
import type { ModalProps } from '@/lib/modals'

/** `?confirm-bonus=bonus-12-activate`: confirms activating or cancelling a bonus or free spins. */
export default function ConfirmBonusModal(props: ModalProps) {
  return <ConfirmHeld {...props} modal="confirm-bonus" unsettled={false} />
}
