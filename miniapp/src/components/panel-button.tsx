import type { ReactNode } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { modalZIndex } from '@/lib/modals'
import { usePanel } from '@/lib/use-panel'

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
        <Dialog title={title} {...(description ? { description } : {})} variant="sheet" zIndex={modalZIndex(0)} onClose={close}>
          {panel(close)}
        </Dialog>
      ) : null}
    </>
  )
}
