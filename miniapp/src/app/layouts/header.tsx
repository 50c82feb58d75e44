import { Link, useNavigate } from '@tanstack/react-router'

import { LogoMark } from '@/app/layouts/nav-icons'
import { usePanel } from '@/app/layouts/use-panel'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { env } from '@/config/env'
import { type Account, type Profile, useSession } from '@/lib/session'
import { useCurrencies } from '@/lib/settings/api/get-currencies'
import type { Currency } from '@/lib/settings/types'
import { useConfirm } from '@/lib/confirmations'
import { useLaunch } from '@/lib/launch'
import { modalZIndex, useModals } from '@/lib/modals'
import { formatMoney } from '@/lib/money'
import { currentLocale, LOCALE_TAGS, t } from '@/lib/i18n'

/** Logo, the active balance (the currency panel on tap), Deposit, and the avatar or Sign in. */
export function Header() {
  const { state } = useSession()
  const modals = useModals()
  return (
    <header className="sticky top-0 z-20 bg-bg/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 min-[528px]:px-4">
        <Link to="/" className="-mx-1 flex min-h-11 items-center gap-2 rounded-lg px-1 text-base font-bold text-fg">
          <LogoMark />
          <span className="max-[527px]:sr-only">{env.VITE_APP_NAME}</span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          {state.status === 'restoring' ? (
            <div aria-hidden="true" className="skeleton h-11 w-40 rounded-xl" />
          ) : state.status === 'loggedIn' ? (
            <>
              <Balance accounts={state.accounts} />
              <Button onClick={() => void modals.open('wallet', 'deposit')} className="px-4">
                {t('Deposit')}
              </Button>
              <UserMenu profile={state.profile} />
            </>
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

/** The active account: the one with status 1, else the first. */
export function activeAccount(accounts: readonly Account[] | undefined): Account | undefined {
  return accounts?.find((account) => account.status === 1) ?? accounts?.[0]
}

function formatBalance(account: Account, currencies: readonly Currency[] | undefined): string | undefined {
  const currency = currencies?.find((candidate) => candidate.code === account.currency)
  return currency ? formatMoney(account.balance, currency, { locale: LOCALE_TAGS[currentLocale()] }) : undefined
}

function Balance({ accounts }: { accounts: Account[] | undefined }) {
  const currencies = useCurrencies()
  const [open, setOpen] = usePanel()
  const active = activeAccount(accounts)
  const shown = active && formatBalance(active, currencies.data)
  if (!active || (shown === undefined && currencies.isPending)) {
    return <div aria-hidden="true" className="skeleton h-11 w-24 rounded-xl" />
  }
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true)
        }}
        aria-haspopup="dialog"
        aria-label={t('Balance {amount}. Show accounts', { amount: shown ?? active.currency })}
        className="flex min-h-11 items-center gap-1.5 rounded-xl bg-section px-3 text-sm font-semibold text-fg tabular-nums"
      >
        <span data-testid="header-balance">{shown ?? active.currency}</span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {open ? (
        <Dialog
          title={t('Your accounts')}
          variant="sheet"
          zIndex={modalZIndex(0)}
          onClose={() => {
            setOpen(false)
          }}
        >
          <ul className="flex flex-col gap-2">
            {(accounts ?? []).map((account) => (
              <li
                key={account.id}
                className="flex min-h-12 items-center justify-between gap-4 rounded-xl bg-section px-4 text-sm"
              >
                <span className="font-semibold">
                  {account.currency}
                  {account === active ? <span className="ml-2 text-xs font-normal text-hint">{t('Active')}</span> : null}
                </span>
                <span className="tabular-nums">{formatBalance(account, currencies.data) ?? '—'}</span>
              </li>
            ))}
          </ul>
        </Dialog>
      ) : null}
    </>
  )
}

/** The name a profile shows: nickname, first name, Telegram id, the e-mail's local part, else Unknown. */
export function displayName(profile: Profile | undefined): string {
  if (!profile) return t('Unknown')
  return (
    profile.nickname ??
    profile.firstName ??
    (profile.tgUserId == null ? undefined : String(profile.tgUserId)) ??
    profile.email?.split('@')[0] ??
    t('Unknown')
  )
}

function UserMenu({ profile }: { profile: Profile | undefined }) {
  const { logout } = useSession()
  const launch = useLaunch()
  const navigate = useNavigate()
  const confirm = useConfirm()
  const [open, setOpen] = usePanel()
  const name = displayName(profile)
  const signOut = async () => {
    setOpen(false)
    const confirmed = await confirm({
      title: t('Sign out?'),
      message: t('You will need to sign in again to play.'),
      confirmLabel: t('Sign out'),
      destructive: true,
    })
    if (!confirmed) return
    logout()
    // After logout the player goes home (spec section 2).
    void navigate({ to: '/', search: {} })
  }
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true)
        }}
        aria-haspopup="dialog"
        aria-label={t('Account menu')}
        className="grid size-11 place-items-center rounded-full bg-section text-sm font-bold text-fg uppercase"
      >
        <span aria-hidden="true">{name.slice(0, 1)}</span>
      </button>
      {open ? (
        <Dialog
          title={name}
          {...(profile?.email ? { description: profile.email } : {})}
          variant="sheet"
          zIndex={modalZIndex(0)}
          onClose={() => {
            setOpen(false)
          }}
        >
          {launch.mode === 'telegram' ? (
            <p className="text-sm text-hint">{t('Signed in with Telegram.')}</p>
          ) : (
            <Button
              variant="secondary"
              className="w-full"
              onClick={() => void signOut()}
            >
              {t('Sign out')}
            </Button>
          )}
        </Dialog>
      ) : null}
    </>
  )
}
