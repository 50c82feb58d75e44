import { type PlayerBonus, usePlayerBonuses } from '@/features/bonuses/api/get-player-bonuses'
import { type PlayerFreespin, usePlayerFreespins } from '@/features/bonuses/api/get-player-freespins'
import type { HeldRef } from '@/features/bonuses/held-ref'

export type Held = { kind: 'bonus'; item: PlayerBonus } | { kind: 'freespin'; item: PlayerFreespin }

/** The held bonus or free spins a modal names, from the player's lists: loading, found, or gone. */
export function useHeld(
  ref: HeldRef | undefined,
): { status: 'pending' | 'error' | 'missing'; retry: () => void } | { status: 'found'; held: Held } {
  const bonuses = usePlayerBonuses(ref?.kind === 'bonus')
  const freespins = usePlayerFreespins(ref?.kind === 'freespin')
  if (!ref) return { status: 'missing', retry: () => undefined }
  const query = ref.kind === 'bonus' ? bonuses : freespins
  const retry = () => void query.refetch()
  if (query.isError) return { status: 'error', retry }
  if (!query.data) return { status: 'pending', retry }
  if (ref.kind === 'bonus') {
    const item = bonuses.data?.find((bonus) => bonus.id === ref.id)
    return item ? { status: 'found', held: { kind: 'bonus', item } } : { status: 'missing', retry }
  }
  const item = freespins.data?.find((bundle) => bundle.id === ref.id)
  return item ? { status: 'found', held: { kind: 'freespin', item } } : { status: 'missing', retry }
}
