import { Link } from '@tanstack/react-router'

import { t } from '@/lib/i18n'

/** The profile area's pages, in the order a player looks for them. */
const PAGES = [
  { to: '/profile/info', label: () => t('Overview') },
  { to: '/profile/personal', label: () => t('Personal details') },
  { to: '/profile/verification', label: () => t('Verification') },
  { to: '/profile/bonuses', label: () => t('Bonuses') },
  { to: '/profile/limits', label: () => t('Limits') },
  { to: '/profile/sessions', label: () => t('Sessions') },
  { to: '/profile/settings/account', label: () => t('Account settings') },
  { to: '/profile/settings/notifications', label: () => t('Notification settings') },
] as const

/**
 * The profile area's sub-navigation: a row of tabs that scrolls sideways on phones, a list beside the page
 * on desktops. Plain links, so each page has its address and the back button (Telegram's too) walks them.
 */
export function ProfileNavigation() {
  return (
    <nav aria-label={t('Profile')} className="lg:w-56 lg:shrink-0">
      <ul className="flex gap-1 overflow-x-auto px-4 pb-1 [scrollbar-width:none] lg:flex-col lg:overflow-visible lg:px-0">
        {PAGES.map(({ to, label }) => (
          <li key={to} className="shrink-0">
            <Link
              to={to}
              className="flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold whitespace-nowrap text-hint hover:bg-section data-[status=active]:bg-section data-[status=active]:text-fg"
            >
              {label()}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
