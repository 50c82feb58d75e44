import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { FormError } from '@/components/ui/form-field'
import { useChangeHeld } from '@/features/bonuses/api/change-held'
import { heldRefValue, parseHeldRef } from '@/features/bonuses/held-ref'
import { HeldDialogState } from '@/features/bonuses/modals/held-dialog-states'
import { type Held, useHeld } from '@/features/bonuses/use-held'
import { useMoney } from '@/features/bonuses/use-money'
import { ApiError } from '@/lib/api-client'
import { failureMessage } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { type ModalKey, type ModalProps, useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { showToast } from '@/lib/toasts'

/** Refusals that explain why the bonus cannot change now (`bonus-cancel-lock`), rather than a retry. */
const LOCKING_CODES: ReadonlySet<string> = new Set([
  'bonus_finished',
  'another_bonus_active',
  'bonus_already_active',
  'freespins_already_active',
])

/**
 * `confirm-bonus` and `confirm-bonus-unsettled`: what activating or cancelling will do, then the call.
 * The platform's answer decides: a success closes with an alert; a refusal that locks the bonus opens
 * `bonus-cancel-lock` with its reason; any other failure stays here with its message.
 */
export function ConfirmHeld({ modal, value, zIndex, unsettled }: ModalProps & { modal: ModalKey; unsettled: boolean }) {
  const modals = useModals()
  const ref = parseHeldRef(value)
  const found = useHeld(ref)
  const change = useChangeHeld()
  const money = useMoney()
  const close = () => void modals.close(modal)
  const action = ref?.action ?? 'activate'
  const title = action === 'activate' ? t('Activate this bonus?') : t('Cancel this bonus?')

  const submit = (held: Held) => {
    if (!ref) return
    change.mutate(
      { kind: ref.kind, id: ref.id, action },
      {
        onSuccess: () => {
          haptic('success')
          showToast({
            title:
              action === 'activate' ? t('{name} is active', { name: held.item.name }) : t('{name} was cancelled', { name: held.item.name }),
            tone: 'success',
          })
          close()
        },
        onError: (error) => {
          haptic('error')
          if (error instanceof ApiError && LOCKING_CODES.has(error.code)) {
            void modals.open('bonus-cancel-lock', heldRefValue({ kind: ref.kind, id: ref.id, action, reason: error.code }))
          }
        },
      },
    )
  }

  let body
  if (!ref?.action) {
    body = <HeldDialogState status="missing" onRetry={close} />
  } else if (found.status !== 'found') {
    body = <HeldDialogState status={found.status} onRetry={found.retry} />
  } else {
    const { held } = found
    const worth = held.kind === 'bonus' ? money(held.item.amount, held.item.currency) : t('{count} free spins', { count: held.item.count })
    let consequence: string
    if (action === 'activate') {
      consequence =
        held.kind === 'bonus'
          ? t('{name} ({worth}) starts now. Wager {needed} to move it to your balance before it expires.', {
              name: held.item.name,
              worth,
              needed: money(held.item.wagerCasinoConditions.wagerAmount, held.item.currency),
            })
          : t('{name} ({worth}) starts now and must be played before it expires.', { name: held.item.name, worth })
    } else {
      consequence = t('{name} ({worth}) and what it has won so far will be removed. This cannot be undone.', {
        name: held.item.name,
        worth,
      })
    }
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg">{consequence}</p>
        {unsettled ? (
          <p role="note" className="rounded-xl bg-section p-3 text-sm text-fg">
            {t('You have bets that are not settled yet. Their results will no longer count for this bonus.')}
          </p>
        ) : null}
        <FormError>
          {change.isError && !(change.error instanceof ApiError && LOCKING_CODES.has(change.error.code))
            ? failureMessage(change.error)
            : undefined}
        </FormError>
        <div className="flex gap-2">
          <Button variant="secondary" className="flex-1" onClick={close}>
            {t('Keep as is')}
          </Button>
          <Button
            variant={action === 'cancel' ? 'danger' : 'primary'}
            className="flex-1"
            disabled={change.isPending}
            onClick={() => {
              submit(held)
            }}
          >
            {action === 'activate' ? t('Activate') : t('Cancel bonus')}
          </Button>
        </div>
      </div>
    )
  }
  return (
    <Dialog title={title} zIndex={zIndex} onClose={close}>
      {body}
    </Dialog>
  )
}
