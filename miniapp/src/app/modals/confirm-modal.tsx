import { useEffect, useRef } from 'react'

import type { ModalProps } from '@/lib/modals'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { confirmationRequest, settleConfirmation } from '@/lib/confirmations'
import { useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'

/** The generic confirm dialog: the query value names a question a caller asked through `useConfirm`. */
export default function ConfirmModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const id = value === true ? '' : value
  const request = confirmationRequest(id)
  const answered = useRef(false)

  // A question nobody waits for (after a reload) cannot be answered: the key goes.
  useEffect(() => {
    if (!request) void modals.close('confirm', { replace: true })
  }, [request, modals])
  // Closing the dialog any other way (Escape, the backdrop, navigating away) is a "no".
  useEffect(
    () => () => {
      if (!answered.current) settleConfirmation(id, false)
    },
    [id],
  )

  if (!request) return null
  const answer = (confirmed: boolean) => {
    answered.current = true
    settleConfirmation(id, confirmed)
    void modals.close('confirm')
  }
  return (
    <Dialog title={request.title} description={request.message} zIndex={zIndex} onClose={() => {
      answer(false)
    }}>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={() => {
          answer(false)
        }}>
          {request.cancelLabel ?? t('Cancel')}
        </Button>
        <Button
          variant={request.destructive ? 'danger' : 'primary'}
          onClick={() => {
            answer(true)
          }}
        >
          {request.confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
