import { type ReactNode, useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { CloseButton } from '@/components/ui/close-button'
import { t } from '@/lib/i18n'

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export interface DialogProps {
  title: string
  /** Read out after the title; optional. */
  description?: string
  onClose: () => void
  children: ReactNode
  zIndex: number
  /**
   * `sheet` slides from the bottom on phones (panels); `modal` is centred; `drawer` runs down the left edge;
   * `full` takes the whole viewport (Telegram's full-height sheets).
   */
  variant?: 'modal' | 'sheet' | 'drawer' | 'full'
}

/**
 * An accessible modal dialog in a portal: labelled by its title, focus moved in and kept in (the page
 * behind is inert), Escape and the backdrop close it, focus returns to where it was on close.
 */
export function Dialog({ title, description, onClose, children, zIndex, variant = 'modal' }: DialogProps) {
  const titleId = useId()
  const descriptionId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const root = document.getElementById('root')
    // Only the top dialog leaves the rest inert; a dialog under another one is already inside the inert page.
    const wasInert = root?.inert ?? false
    if (root) root.inert = true
    const node = panel.current
    // The first field if there is one (a form), else the first control, else the dialog itself.
    const first =
      node?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ?? node?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? node)?.focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (!node || !node.contains(document.activeElement) && document.activeElement !== node) return
      if (event.key === 'Escape') {
        event.stopPropagation()
        close.current()
        return
      }
      if (event.key !== 'Tab') return
      const focusable = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE))
      const head = focusable[0]
      const tail = focusable.at(-1)
      if (!head || !tail) {
        event.preventDefault()
        return
      }
      if (event.shiftKey && (document.activeElement === head || document.activeElement === node)) {
        event.preventDefault()
        tail.focus()
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault()
        head.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      if (root) root.inert = wasInert
      if (returnTo?.isConnected) returnTo.focus()
    }
  }, [])

  const placement = {
    sheet: 'items-end sm:items-start sm:justify-end sm:p-4',
    modal: 'items-end sm:items-center justify-center sm:p-4',
    drawer: 'items-stretch justify-start',
    full: 'items-stretch justify-stretch',
  }[variant]
  const shape = {
    sheet: 'max-h-[90dvh] w-full pt-5 rounded-t-2xl sm:max-w-md sm:rounded-2xl sm:mt-14',
    modal: 'max-h-[90dvh] w-full pt-5 rounded-t-2xl sm:max-w-md sm:rounded-2xl',
    drawer: 'h-full w-[min(20rem,85vw)] rounded-r-2xl pt-[calc(1.25rem+env(safe-area-inset-top))]',
    full: 'h-full w-full pt-[calc(1.25rem+env(safe-area-inset-top))]',
  }[variant]

  return createPortal(
    <div className={`fixed inset-0 flex ${placement}`} style={{ zIndex }}>
      <div aria-hidden="true" className="absolute inset-0 bg-scrim" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        {...(description ? { 'aria-describedby': descriptionId } : {})}
        tabIndex={-1}
        style={{ zIndex: zIndex + 1 }}
        className={`relative overflow-y-auto bg-surface px-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] text-fg shadow-2xl ${shape} focus:outline-none`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-hint">
                {description}
              </p>
            ) : null}
          </div>
          <CloseButton label={t('Close')} onClick={onClose} inset="-mt-2 -mr-2" />
        </div>
        {children}
      </div>
    </div>,
    document.body,
  )
}
