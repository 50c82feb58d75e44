import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { t } from '@/lib/i18n'
import { type ModalKey, useModals } from '@/lib/modals'

/** The shape of an explanation: a title, what happened, what to do, and a close (the game page's, the app's notices). */
export function NoticeModal({
  modal,
  title,
  zIndex,
  children,
  action,
}: {
  modal: ModalKey
  title: string
  zIndex: number
  children: ReactNode
  /** The next step besides closing (a link to the limits, the lobby, sign-in). */
  action?: ReactNode
}) {
  const modals = useModals()
  const close = () => void modals.close(modal)
  return (
    <Dialog title={title} zIndex={zIndex} onClose={close}>
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 text-sm text-fg">{children}</div>
        <div className="flex flex-col gap-2">
          {action}
          <Button variant={action ? 'secondary' : 'primary'} onClick={close} className="w-full">
            {t('Got it')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
