import { Link } from '@tanstack/react-router'

import { useDrawer } from '@/app/layouts/drawer'
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
            <svg
              viewBox="0 0 24 24"
              width="24"
              height="24"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 21V4h11l-1.5 4L15 12H4" />
            </svg>
            {compact ? <span className="sr-only">{t('Quests')}</span> : <span>{t('Quests')}</span>}
          </button>
        </li>
      ) : null}
      <li>
        <Link to="/referral" title={compact ? t('Invite friends') : undefined} className={className}>
          <svg
            viewBox="0 0 24 24"
            width="24"
            height="24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <circle cx="9" cy="8" r="3.5" />
            <path d="M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5M18 8v6M15 11h6" />
          </svg>
          {compact ? <span className="sr-only">{t('Invite friends')}</span> : <span>{t('Invite friends')}</span>}
        </Link>
      </li>
    </>
  )
}
