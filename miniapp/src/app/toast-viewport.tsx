import { CloseButton } from '@/components/ui/close-button'
import { AboveFullscreen } from '@/lib/fullscreen'
import { t } from '@/lib/i18n'
import { type Toast, toasts, useToasts } from '@/lib/toasts'

const toneClass: Record<Toast['tone'], string> = {
  success: 'border-l-accent',
  info: 'border-l-link',
  warning: 'border-l-button',
  error: 'border-l-destructive',
}

/** The toasts on screen, newest at the bottom, announced politely (errors assertively). */
export function ToastViewport() {
  const shown = useToasts()
  return (
    <AboveFullscreen>
      <div
        className="pointer-events-none fixed inset-x-3 top-[calc(4rem+env(safe-area-inset-top))] z-[950] mx-auto flex max-w-md flex-col gap-2"
      >
        <div aria-live="polite" className="flex flex-col gap-2">
          {shown.filter((toast) => toast.tone !== 'error').map((toast) => <ToastCard key={toast.id} toast={toast} />)}
        </div>
        <div aria-live="assertive" className="flex flex-col gap-2">
          {shown.filter((toast) => toast.tone === 'error').map((toast) => <ToastCard key={toast.id} toast={toast} />)}
        </div>
      </div>
    </AboveFullscreen>
  )
}

function ToastCard({ toast }: { toast: Toast }) {
  return (
    <div
      className={`pointer-events-auto flex items-start gap-3 rounded-2xl border-l-4 bg-section p-4 text-fg shadow-2xl motion-safe:animate-[toast-in_200ms_ease-out] ${toneClass[toast.tone]}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-hint">{toast.description}</p> : null}
        {toast.action ? (
          <button
            type="button"
            onClick={() => {
              toast.action?.run()
              toasts.dismiss(toast.id)
            }}
            className="mt-2 min-h-11 rounded-xl bg-button px-4 text-sm font-semibold text-button-fg"
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <CloseButton
        label={t('Dismiss')}
        onClick={() => {
          toasts.dismiss(toast.id)
        }}
        inset="-m-2"
        compact
      />
    </div>
  )
}
