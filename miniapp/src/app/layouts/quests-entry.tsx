import { Link } from '@tanstack/react-router'

import { useDrawer } from '@/app/layouts/drawer'
import { InviteIcon, QuestsIcon } from '@/app/layouts/nav-icons'
import { features } from '@/config/features'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'

/**
 * The navigation's ways to the quests hub (`?quests-hub`; the phone drawer closes so the hub is on
 * top) and to the referral programme (`/referral`).
 */
export function QuestsEntry({ compact, className }: { compact: boolean; className: string }) {
  const modals = useModals()
  const [, setDrawerOpen] = useDrawer()
  return (
    <>
      {features.quests ? (
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
            <QuestsIcon />
            {compact ? <span className="sr-only">{t('Quests')}</span> : <span>{t('Quests')}</span>}
          </button>
        </li>
      ) : null}
      <li>
        <Link to="/referral" title={compact ? t('Invite friends') : undefined} className={className}>
          <InviteIcon />
          {compact ? <span className="sr-only">{t('Invite friends')}</span> : <span>{t('Invite friends')}</span>}
        </Link>
      </li>
    </>
  )
}
