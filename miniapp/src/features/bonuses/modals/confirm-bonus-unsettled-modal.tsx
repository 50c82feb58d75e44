import { ConfirmHeld } from '@/features/bonuses/modals/confirm-held'
import type { ModalProps } from '@/lib/modals'

/** `?confirm-bonus-unsettled=bonus-12-cancel`: the confirmation when the player still has open bets. */
export default function ConfirmBonusUnsettledModal(props: ModalProps) {
  return <ConfirmHeld {...props} modal="confirm-bonus-unsettled" unsettled />
}
