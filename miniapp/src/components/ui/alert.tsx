import type { ReactNode } from 'react'
import { CloseButton } from '@/components/ui/close-button'
import { t } from '@/lib/i18n'

export interface AlertProps {
  title: string
  children: ReactNode
  onDismiss?: () => void
}

/** A failure the player must notice, pinned on top of the page and announced as it appears. */
export function Alert({ title, children, onDismiss }: AlertProps) {
  return (
    <div
      role="alert"
      className="fixed inset-x-3 top-[calc(0.75rem+env(safe-area-inset-top))] z-[900] mx-auto flex max-w-md items-start gap-3 rounded-2xl border border-destructive/40 bg-section p-4 text-fg shadow-2xl"
    >
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        <div className="mt-1 text-sm text-hint">{children}</div>
      </div>
      {onDismiss ? <CloseButton label={t('Dismiss')} onClick={onDismiss} inset="-m-2" compact /> : null}
    </div>
  )
}
