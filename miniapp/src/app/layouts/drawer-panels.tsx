import { Link } from '@tanstack/react-router'

import { DESTINATIONS } from '@/app/layouts/destinations'
import { useDrawer, useDrawerCompact } from '@/app/layouts/drawer'
import { QuestsEntry } from '@/app/layouts/quests-entry'
import { ColorModeChoice } from '@/components/color-mode-choice'
import { Dialog } from '@/components/ui/dialog'
import { modalZIndex } from '@/lib/modals'
import { t } from '@/lib/i18n'

const itemClassName =
  'flex min-h-12 w-full items-center gap-3 rounded-xl px-3 text-sm font-semibold text-fg hover:bg-section data-[status=active]:bg-section data-[status=active]:text-accent'

/** The main destinations. */
function Destinations({ compact }: { compact: boolean }) {
  const label = (text: string) => (compact ? <span className="sr-only">{text}</span> : <span>{text}</span>)
  return (
    <ul className="flex flex-col gap-1">
      {DESTINATIONS.map(({ icon: Icon, label: text, to }) => (
        <li key={text()}>
          <Link to={to} activeOptions={{ exact: true }} title={compact ? text() : undefined} className={itemClassName}>
            <Icon />
            {label(text())}
          </Link>
        </li>
      ))}
      <QuestsEntry compact={compact} className={itemClassName} />
    </ul>
  )
}

/** Desktop: the drawer beside the page, wide or compact (icons only) at the player's choice. */
export function SideDrawer() {
  const [compact, setCompact] = useDrawerCompact()
  return (
    <aside
      aria-label={t('Menu')}
      data-compact={compact}
      className="fixed top-[calc(3.5rem+env(safe-area-inset-top))] bottom-0 left-0 z-10 hidden w-60 flex-col gap-4 overflow-y-auto border-r border-section bg-surface p-3 data-[compact=true]:w-18 lg:flex"
    >
      <nav aria-label={t('Main')}>
        <Destinations compact={compact} />
      </nav>
      {compact ? null : <ColorModeChoice />}
      <button
        type="button"
        aria-pressed={compact}
        onClick={() => {
          setCompact(!compact)
        }}
        title={compact ? t('Expand menu') : undefined}
        className={`${itemClassName} mt-auto text-hint`}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
          <path d={compact ? 'm10 7 5 5-5 5' : 'm14 7-5 5 5 5'} />
        </svg>
        {compact ? <span className="sr-only">{t('Compact menu')}</span> : <span>{t('Compact menu')}</span>}
      </button>
    </aside>
  )
}

/** Phones and tablets: the drawer over the page, opened from the bottom navigation's Menu. */
export function PhoneDrawer() {
  const [, setOpen] = useDrawer()
  return (
    <Dialog
      title={t('Menu')}
      variant="drawer"
      zIndex={modalZIndex(0)}
      onClose={() => {
        setOpen(false)
      }}
    >
      <div className="flex flex-col gap-6">
        <nav aria-label={t('Main')}>
          <Destinations compact={false} />
        </nav>
        <ColorModeChoice />
      </div>
    </Dialog>
  )
}
