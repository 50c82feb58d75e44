import { Link, Outlet } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { Header } from '@/app/layouts/header'
import { LanguagePicker } from '@/app/layouts/language-picker'
import { BonusIcon, CasinoIcon, HomeIcon, MenuIcon, SportIcon } from '@/app/layouts/nav-icons'
import { CookieRequest } from '@/app/cookie-request'
import { ModalHost } from '@/app/modals/modal-host'
import { OnlineCount } from '@/app/online-count'
import { t } from '@/lib/i18n'

/** Header on top, bottom navigation on phones, the page in between. */
export function DefaultLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-lg bg-button px-4 py-2 text-button-fg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {t('Skip to content')}
      </a>
      <Header />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 pb-[calc(4.5rem+env(safe-area-inset-bottom))]">
        {/* The footer starts below the first screen, so a page growing as it loads never pushes it in view. */}
        <div className="min-h-dvh">
          <Outlet />
        </div>
        <footer className="pt-4">
          <OnlineCount />
          <LanguagePicker />
        </footer>
      </main>
      <BottomNavigation />
      <CookieRequest />
      <ModalHost />
    </div>
  )
}

const itemClassName =
  'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 rounded-lg text-[11px] font-medium'

function BottomNavigation() {
  return (
    <nav
      aria-label={t('Main')}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-section bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-5xl grid-cols-5 px-1">
        <li>
          <Link
            to="/"
            activeOptions={{ exact: true }}
            className={`${itemClassName} text-hint data-[status=active]:text-accent`}
          >
            <HomeIcon />
            {t('Home')}
          </Link>
        </li>
        <UnavailableItem icon={<CasinoIcon />} label={t('Casino')} />
        <UnavailableItem icon={<SportIcon />} label={t('Sport')} />
        <UnavailableItem icon={<BonusIcon />} label={t('Bonuses')} />
        <UnavailableItem icon={<MenuIcon />} label={t('Menu')} />
      </ul>
      <span id="nav-soon" className="sr-only">
        {t('Coming soon')}
      </span>
    </nav>
  )
}

/** A destination whose screen does not exist yet: visible so the frame is complete, but inert. */
function UnavailableItem({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <li>
      <button
        type="button"
        aria-disabled="true"
        aria-describedby="nav-soon"
        className={`${itemClassName} cursor-not-allowed text-hint opacity-60`}
      >
        {icon}
        {label}
      </button>
    </li>
  )
}
