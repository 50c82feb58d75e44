import { type PlayerBonus, usePlayerBonuses } from '@/features/bonuses/api/get-player-bonuses'
import { type PlayerFreespin, usePlayerFreespins } from '@/features/bonuses/api/get-player-freespins'
import type { HeldRef } from '@/features/bonuses/held-ref'
import { type HeldStatus, heldStatus } from '@/features/bonuses/statuses'
import { type Constants, useConstants } from '@/lib/settings'

/** A held bonus or free-spin bundle, with what its status means as the platform numbers it. */
export type Held = ({ kind: 'bonus'; item: PlayerBonus } | { kind: 'freespin'; item: PlayerFreespin }) & { status: HeldStatus | undefined }

export function heldBonus(item: PlayerBonus, constants: Constants): Held {
  return { kind: 'bonus', item, status: heldStatus('bonus', item.status, constants) }
}

export function heldFreespin(item: PlayerFreespin, constants: Constants): Held {
  return { kind: 'freespin', item, status: heldStatus('freespin', item.status, constants) }
}

/** The held bonus or free spins a modal names, from the player's lists: loading, found, or gone. */
export function useHeld(
  ref: HeldRef | undefined,
): { status: 'pending' | 'error' | 'missing'; retry: () => void } | { status: 'found'; held: Held } {
  const bonuses = usePlayerBonuses(ref?.kind === 'bonus')
  const freespins = usePlayerFreespins(ref?.kind === 'freespin')
  const constants = useConstants()
  if (!ref) return { status: 'missing', retry: () => undefined }
  const query = ref.kind === 'bonus' ? bonuses : freespins
  const retry = () => {
    void constants.refetch()
    void query.refetch()
  }
  if (query.isError || constants.isError) return { status: 'error', retry }
  if (!query.data || !constants.data) return { status: 'pending', retry }
  if (ref.kind === 'bonus') {
    const item = bonuses.data?.find((bonus) => bonus.id === ref.id)
    return item ? { status: 'found', held: heldBonus(item, constants.data) } : { status: 'missing', retry }
  }
  const item = freespins.data?.find((bundle) => bundle.id === ref.id)
  return item ? { status: 'found', held: heldFreespin(item, constants.data) } : { status: 'missing', retry }
}
