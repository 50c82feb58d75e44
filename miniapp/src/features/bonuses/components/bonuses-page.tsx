import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { StateMessage } from '@/components/ui/state-message'
import { useBonusCodes } from '@/features/bonuses/api/bonus-codes'
import { useBonusPages } from '@/features/bonuses/api/get-content'
import { useBonusesSum } from '@/features/bonuses/api/get-bonuses-sum'
import { useCashback } from '@/features/bonuses/api/get-cashback'
import { useDepositBonuses } from '@/features/bonuses/api/get-deposit-bonuses'
import { usePlayerBonuses } from '@/features/bonuses/api/get-player-bonuses'
import { usePlayerFreespins } from '@/features/bonuses/api/get-player-freespins'
import { BonusCodeList } from '@/features/bonuses/components/bonus-code-list'
import { HeldCard } from '@/features/bonuses/components/held-card'
import { heldBonus, heldFreespin } from '@/features/bonuses/use-held'
import { useMoney } from '@/features/bonuses/use-money'
import { t, useI18n } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'
import { useConstants } from '@/lib/settings'

/** `/bonuses` and `profile-bonuses`: everything the player holds or can get, each part with its own states. */
export interface BonusesPageProps {
  /** Inside the profile layout the page is a tab under the profile's own heading. */
  nested?: boolean
  /** What the route composes in from other features (the loyalty card), shown under the total. */
  aside?: ReactNode
}

export function BonusesPage({ nested = false, aside }: BonusesPageProps) {
  const { state } = useSession()
  const modals = useModals()
  const title = nested ? (
    <h2 className="text-xl font-bold text-fg">{t('Bonuses')}</h2>
  ) : (
    <h1 className="text-2xl font-bold text-fg">{t('Bonuses')}</h1>
  )
  if (state.status !== 'loggedIn') {
    return (
      <div className="flex flex-col gap-4 px-4 py-4">
        {title}
        {state.status === 'restoring' ? (
          <Skeleton />
        ) : (
          <StateMessage
            title={t('Sign in to see your bonuses')}
            description={t('Your bonuses, free spins and offers show here once you are signed in.')}
            action={<Button onClick={() => void modals.open('sign-in')}>{t('Sign in')}</Button>}
          />
        )}
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-6 px-4 py-4">
      <div className="flex flex-wrap items-center gap-3">
        {title}
        <Button variant="secondary" className="ml-auto" onClick={() => void modals.open('get-code')}>
          {t('I have a bonus code')}
        </Button>
      </div>
      <BonusesSumLine />
      {aside}
      <HeldBonuses />
      <CodesSection />
      <CashbackSection />
      <OffersSection />
      <PromotionsSection />
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-fg">{title}</h2>
      {children}
    </section>
  )
}

function Skeleton({ rows = 2 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {t('Loading')}
      </p>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} aria-hidden="true" className="skeleton h-28 rounded-2xl" />
      ))}
    </div>
  )
}

function BonusesSumLine() {
  const sum = useBonusesSum()
  const money = useMoney()
  if (sum.isError) return <LoadError title={t('Your bonus total did not load')} onRetry={() => void sum.refetch()} />
  if (!sum.data) return <div aria-hidden="true" className="skeleton h-16 rounded-2xl" />
  return (
    <div className="flex items-center justify-between rounded-2xl bg-section px-4 py-3">
      <span className="text-sm text-hint">{t('Bonus money in total')}</span>
      <span className="text-xl font-bold text-fg tabular-nums" data-testid="bonuses-sum">
        {money(sum.data.baseCurrencyBonusTotal, sum.data.baseCurrency)}
      </span>
    </div>
  )
}

function HeldBonuses() {
  const bonuses = usePlayerBonuses()
  const freespins = usePlayerFreespins()
  const constants = useConstants()
  const modals = useModals()
  let body
  if (bonuses.isError || freespins.isError || constants.isError) {
    body = (
      <LoadError
        title={t('Your bonuses did not load')}
        onRetry={() => {
          void constants.refetch()
          void bonuses.refetch()
          void freespins.refetch()
        }}
      />
    )
  } else if (!bonuses.data || !freespins.data || !constants.data) {
    body = <Skeleton />
  } else if (bonuses.data.length === 0 && freespins.data.length === 0) {
    body = (
      <StateMessage
        title={t('No bonuses yet')}
        description={t('A deposit can bring a bonus, and so can a bonus code.')}
        action={<Button onClick={() => void modals.open('wallet', 'deposit')}>{t('Make a deposit')}</Button>}
      />
    )
  } else {
    body = (
      <ul className="flex flex-col gap-3">
        {bonuses.data.map((bonus) => (
          <HeldCard key={`bonus-${String(bonus.id)}`} held={heldBonus(bonus, constants.data)} />
        ))}
        {freespins.data.map((bundle) => (
          <HeldCard key={`freespin-${String(bundle.id)}`} held={heldFreespin(bundle, constants.data)} />
        ))}
      </ul>
    )
  }
  return <Section title={t('Your bonuses')}>{body}</Section>
}

function CodesSection() {
  const codes = useBonusCodes()
  // Only codes waiting for their trigger are listed; no section while there are none.
  if (!codes.data || codes.data.length === 0) return null
  return (
    <Section title={t('Codes waiting for a deposit')}>
      <BonusCodeList codes={codes.data} />
    </Section>
  )
}

function CashbackSection() {
  const cashback = useCashback()
  const money = useMoney()
  let body
  if (cashback.isError) body = <LoadError title={t('Your cashback did not load')} onRetry={() => void cashback.refetch()} />
  else if (!cashback.data) body = <Skeleton rows={1} />
  else {
    const week = cashback.data
    body = (
      <div className="flex flex-col gap-1 rounded-2xl bg-section p-4 text-sm">
        <span className="flex items-center justify-between gap-3">
          <span className="font-semibold text-fg">{t('{percent}% of this week’s net loss', { percent: week.percent })}</span>
          <span className="text-base font-bold text-fg tabular-nums" data-testid="cashback-amount">
            {money(week.amount, week.currency)}
          </span>
        </span>
        <span className="text-xs text-hint">
          {t('Wagered {wagered}, won {won}. Paid as a bonus when the week ends.', {
            wagered: money(week.wageredAmount, week.currency),
            won: money(week.wonAmount, week.currency),
          })}
        </span>
      </div>
    )
  }
  return <Section title={t('Cashback')}>{body}</Section>
}

function OffersSection() {
  const offers = useDepositBonuses()
  const modals = useModals()
  let body
  if (offers.isError) body = <LoadError title={t('The offers did not load')} onRetry={() => void offers.refetch()} />
  else if (!offers.data) body = <Skeleton rows={1} />
  else if (offers.data.length === 0)
    body = <StateMessage title={t('No deposit offers right now')} description={t('New offers show here as soon as they start.')} />
  else
    body = (
      <ul className="flex flex-col gap-3">
        {offers.data.map((offer) => (
          <li key={offer.id} className="flex items-center gap-3 rounded-2xl bg-section p-4 text-sm">
            <span className="flex-1 font-semibold text-fg">{offer.name}</span>
            <Button variant="secondary" onClick={() => void modals.open('package-bonus', String(offer.id))}>
              {t('Details')}
            </Button>
          </li>
        ))}
      </ul>
    )
  return <Section title={t('Deposit offers')}>{body}</Section>
}

/** The platform's bonus pages (`/bonus/{pageIdentity}`); nothing while none load, the page works without them. */
function PromotionsSection() {
  const { locale } = useI18n()
  const pages = useBonusPages(locale)
  if (!pages.data || pages.data.length === 0) return null
  return (
    <Section title={t('Promotions')}>
      <ul className="flex flex-col gap-2">
        {pages.data.map((page) => (
          <li key={page.slug}>
            <Link
              to="/bonus/$pageIdentity"
              params={{ pageIdentity: page.slug }}
              className="flex min-h-12 items-center rounded-2xl bg-section px-4 text-sm font-semibold text-fg hover:bg-surface"
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  )
}
