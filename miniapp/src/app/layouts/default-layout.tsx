import { Link, Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { DrawerProvider, PhoneDrawer, SideDrawer, useDrawer, useDrawerCompact } from '@/app/layouts/drawer'
import { DESTINATIONS } from '@/app/layouts/destinations'
import { Header } from '@/app/layouts/header'
import { LanguagePicker } from '@/app/layouts/language-picker'
import { MenuIcon, SearchIcon } from '@/app/layouts/nav-icons'
import { CookieRequest } from '@/app/cookie-request'
import { ModalHost } from '@/app/modals/modal-host'
import { OnlineCount } from '@/app/online-count'
import { GeoNotice } from '@/features/app-surfaces/geo-notice'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { MAIN_CLASS, PAGE_COLUMN_CLASS, PAGE_COLUMN_DRAWER_CLASS } from '@/components/content-layout'

/** The footer's pages and notices: below the first screen, so its own chunk. */
const SiteFooter = lazy(() => import('@/features/content/components/site-footer'))

/**
 * Header on top; beside the page on desktops the drawer (wide or compact), on phones and tablets the
 * bottom navigation, whose Menu opens the drawer over the page.
 */
export function DefaultLayout() {
  const [compact] = useDrawerCompact()
  return (
    <DrawerProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only rounded-lg bg-button px-4 py-2 text-button-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
        >
          {t('Skip to content')}
        </a>
        <Header />
        <SideDrawer />
        {/* The bottom padding keeps the footer clear of the phones' fixed bottom navigation. */}
        <div
          className={`${PAGE_COLUMN_CLASS} ${PAGE_COLUMN_DRAWER_CLASS[compact ? 'compact' : 'expanded']}`}
        >
          {/* The footer starts below the first screen, so a page growing as it loads never pushes it in view. */}
          <main id="main" className={MAIN_CLASS}>
            <Outlet />
          </main>
          {/* Outside <main>, so it is the page's contentinfo landmark. */}
          <footer className="mx-auto w-full max-w-5xl pt-4">
            <Suspense fallback={null}>
              <SiteFooter />
            </Suspense>
            <OnlineCount />
            <LanguagePicker />
          </footer>
        </div>
        <BottomNavigation />
        <PhoneDrawer />
        <CookieRequest />
        <ModalHost />
        <GeoNotice />
      </div>
    </DrawerProvider>
  )
}

const itemClassName =
  'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 rounded-lg text-[11px] font-medium'

function BottomNavigation() {
  const [, setDrawerOpen] = useDrawer()
  const modals = useModals()
  // Opaque for the header's reason: no backdrop filter redrawn under every scrolled frame.
  return (
    <nav
      aria-label={t('Main')}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-section bg-surface pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="mx-auto grid max-w-5xl grid-cols-6 px-1">
        {DESTINATIONS.map(({ icon: Icon, label, to }) => (
          <li key={label()}>
            <Link to={to} activeOptions={{ exact: true }} className={`${itemClassName} text-hint data-[status=active]:text-accent`}>
              <Icon />
              {label()}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" aria-haspopup="dialog" onClick={() => void modals.open('global-search')} className={`${itemClassName} text-hint`}>
            <SearchIcon />
            {t('Search')}
          </button>
        </li>
        <li>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => {
              setDrawerOpen(true)
            }}
            className={`${itemClassName} text-hint`}
          >
            <MenuIcon />
            {t('Menu')}
          </button>
        </li>
      </ul>
    </nav>
  )
}
