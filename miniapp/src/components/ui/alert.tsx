import type { ReactNode } from 'react'
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
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t('Dismiss')}
          className="-m-2 grid size-11 shrink-0 place-items-center rounded-full text-hint hover:text-fg"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      ) : null}
    </div>
  )
}
