import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { LogoMark, SearchIcon } from '@/app/layouts/nav-icons'
import { loadSignedInControls } from '@/app/layouts/signed-in-controls-chunk'
import { Button } from '@/components/ui/button'
import { env } from '@/config/env'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'

/** A signed-in player's controls are a chunk of their own, fetched at start-up when a session is stored. */
const SignedInControls = lazy(loadSignedInControls)

const controlsSkeleton = <div aria-hidden="true" className="skeleton h-11 w-40 rounded-xl" />

/** Logo, the active balance (the currency panel on tap), Deposit, and the avatar or Sign in. */
export function Header() {
  const { state } = useSession()
  const modals = useModals()
  // Opaque, without a blurred backdrop: the page scrolls under the header, so a backdrop filter is
  // drawn again on every scrolled frame, for a blur that the 95 % opaque fill would hide anyway.
  return (
    <header className="sticky top-0 z-20 bg-bg pt-[env(safe-area-inset-top)]">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 min-[528px]:px-4">
        <Link to="/" className="-mx-1 flex min-h-11 items-center gap-2 rounded-lg px-1 text-base font-bold text-fg">
          <LogoMark />
          <span className="max-[527px]:sr-only">{env.VITE_APP_NAME}</span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <button
            type="button"
            aria-label={t('Search')}
            aria-haspopup="dialog"
            onClick={() => void modals.open('global-search')}
            className="grid size-11 place-items-center rounded-xl text-fg hover:bg-section max-lg:hidden"
          >
            <SearchIcon />
          </button>
          {state.status === 'restoring' ? (
            controlsSkeleton
          ) : state.status === 'loggedIn' ? (
            <Suspense fallback={controlsSkeleton}>
              <SignedInControls />
            </Suspense>
          ) : (
            <>
              <Button variant="secondary" onClick={() => void modals.open('sign-in')} className="px-4">
                {t('Sign in')}
              </Button>
              <Button onClick={() => void modals.open('sign-up')} className="px-4">
                {t('Sign up')}
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  )
}
