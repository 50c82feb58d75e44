import { lazy, type ReactNode, Suspense } from 'react'

import { modalZIndex } from '@/lib/modals'
import { usePanel } from '@/lib/use-panel'

const loadDialog = () => import('@/components/ui/dialog')
// The sheet's code loads when a player reaches for a button (or on the first opening), not with the first screen.
const Dialog = lazy(async () => ({ default: (await loadDialog()).Dialog }))

export interface PanelButtonProps {
  /** The button's accessible name. */
  label: string
  className: string
  /** What the button shows. */
  children: ReactNode
  /** The sheet's title and, when there is one, its description. */
  title: string
  description?: string | undefined
  /** The sheet's content; `close` shuts it (before a question that needs the screen, say). */
  panel: (close: () => void) => ReactNode
}

/** A header button that opens a sheet over the page; the sheet closes by itself when the full path changes. */
export function PanelButton({ label, className, children, title, description, panel }: PanelButtonProps) {
  const [open, setOpen] = usePanel()
  const close = () => {
    setOpen(false)
  }
  return (
    <>
      <button
        type="button"
        onPointerDown={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setOpen(true)
        }}
        aria-haspopup="dialog"
        aria-label={label}
        className={className}
      >
        {children}
      </button>
      {open ? (
        <Suspense>
          <Dialog title={title} {...(description ? { description } : {})} variant="sheet" zIndex={modalZIndex(0)} onClose={close}>
            {panel(close)}
          </Dialog>
        </Suspense>
      ) : null}
    </>
  )
}
