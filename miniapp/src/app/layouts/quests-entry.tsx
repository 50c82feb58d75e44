import { useDrawer } from '@/app/layouts/drawer'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'

/** The navigation's way to the quests hub (`?quests-hub`): the phone drawer closes so the hub is on top. */
export function QuestsEntry({ compact, className }: { compact: boolean; className: string }) {
  const modals = useModals()
  const [, setDrawerOpen] = useDrawer()
  return (
    <li>
      <button
        type="button"
        aria-haspopup="dialog"
        title={compact ? t('Quests') : undefined}
        className={className}
        onClick={() => {
          setDrawerOpen(false)
          void modals.open('quests-hub')
        }}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 21V4h11l-1.5 4L15 12H4" />
        </svg>
        {compact ? <span className="sr-only">{t('Quests')}</span> : <span>{t('Quests')}</span>}
      </button>
    </li>
  )
}
