import { Link } from '@tanstack/react-router'

import { ContentArticle } from '@/components/content-article'
import { Button, buttonClassName } from '@/components/ui/button'
import { ProgressBar } from '@/components/ui/progress-bar'
import { useBonusPage, useWelcomePackage } from '@/features/bonuses/api/get-content'
import { useDepositCount } from '@/features/bonuses/api/get-deposit-count'
import { t, useI18n } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'

/**
 * How many deposits the welcome package spans. The platform serves the package as text only; its
 * seeded text covers the first four deposits, so the progress counts to four.
 */
const WELCOME_PACKAGE_DEPOSITS = 4

/** A bonus content page's way on when it does not exist: the bonuses open to the player. */
function ToBonuses() {
  return (
    <Link to="/bonuses" className={buttonClassName('primary')}>
      {t('Bonuses')}
    </Link>
  )
}

/** `/bonus/{pageIdentity}`: one bonus's page, as the platform writes it. */
export function BonusContentPage({ slug }: { slug: string }) {
  const { locale } = useI18n()
  return <ContentArticle query={useBonusPage(slug, locale)} notFound={<ToBonuses />} />
}

/** `/welcome-package`: the package's text and, for a signed-in player, how far along it they are. */
export function WelcomePackagePage() {
  const { locale } = useI18n()
  return <ContentArticle query={useWelcomePackage(locale)} notFound={<ToBonuses />} aside={<WelcomeProgress />} />
}

function WelcomeProgress() {
  const { state } = useSession()
  const modals = useModals()
  const signedIn = state.status === 'loggedIn'
  const deposits = useDepositCount(signedIn)
  if (!signedIn)
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-section p-4 text-sm">
        <span className="flex-1">{t('Sign up and make your first deposit to start the package.')}</span>
        <Button onClick={() => void modals.open('sign-up')}>{t('Sign up')}</Button>
      </div>
    )
  if (deposits.isError)
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm">
        {t('Your progress did not load.')}
        <Button variant="secondary" onClick={() => void deposits.refetch()}>
          {t('Retry')}
        </Button>
      </p>
    )
  if (deposits.data === undefined) return <div aria-hidden="true" className="skeleton h-20 rounded-2xl" />
  const done = Math.min(deposits.data, WELCOME_PACKAGE_DEPOSITS)
  return (
    <section aria-label={t('Your progress')} className="flex flex-col gap-2 rounded-2xl bg-section p-4 text-sm">
      <span className="font-semibold" data-testid="welcome-progress">
        {t('{done} of {count} deposits made', { done, count: WELCOME_PACKAGE_DEPOSITS })}
      </span>
      <ProgressBar label={t('Welcome package progress')} percent={Math.floor((done * 100) / WELCOME_PACKAGE_DEPOSITS)} />
      {done < WELCOME_PACKAGE_DEPOSITS ? (
        <Button className="self-start" onClick={() => void modals.open('wallet', 'deposit')}>
          {t('Make deposit {number}', { number: done + 1 })}
        </Button>
      ) : (
        <span className="text-hint">{t('You have received the whole package.')}</span>
      )}
    </section>
  )
}
