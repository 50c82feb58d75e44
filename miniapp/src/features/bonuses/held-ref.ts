import type { HeldAction, HeldKind } from '@/features/bonuses/api/change-held'
import type { ModalValue } from '@/lib/modals'

/**
 * What the bonus modals' query values name: `bonus-12` (details, conditions), `freespin-3-cancel`
 * (a confirmation), `bonus-12-cancel-bonus_finished` (a refusal the platform gave). Readable in a URL,
 * and nothing else parses: a made-up value shows the modal's "not found" state.
 */
export interface HeldRef {
  kind: HeldKind
  id: number
  action?: HeldAction
  /** The platform's error code of a refused change. */
  reason?: string
}

const PATTERN = /^(bonus|freespin)-(\d{1,15})(?:-(activate|cancel)(?:-([a-z_]{1,64}))?)?$/

export function heldRefValue({ kind, id, action, reason }: HeldRef): string {
  return [kind, String(id), action, reason].filter((part) => part !== undefined).join('-')
}

export function parseHeldRef(value: ModalValue): HeldRef | undefined {
  if (value === true) return undefined
  const match = PATTERN.exec(value)
  if (!match) return undefined
  const [, kind, id, action, reason] = match
  return {
    kind: kind as HeldKind,
    id: Number(id),
    ...(action ? { action: action as HeldAction } : {}),
    ...(reason ? { reason } : {}),
  }
}
