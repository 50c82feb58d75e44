import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { SkeletonColumn } from '@/components/ui/skeleton-column'
import { StateMessage } from '@/components/ui/state-message'
import { env } from '@/config/env'
import { useReferralProgramme } from '@/features/referral/api/get-programme'
import { referralLink } from '@/features/referral/referral-link'
import { shareInvite } from '@/features/referral/share-invite'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { formatIn } from '@/lib/money-in'
import { useSession } from '@/lib/session'
import { useCurrencies } from '@/lib/settings'

/** `/referral`: the player's invite link (shared through Telegram when launched there), invited players and earnings. */
export function ReferralPage() {
  const { state } = useSession()
  const modals = useModals()
  const signedIn = state.status === 'loggedIn'
  const programme = useReferralProgramme(signedIn)
  const currencies = useCurrencies()
  const [copied, setCopied] = useState(false)
  const money = (amount: number, currency: string) => formatIn(amount, currency, currencies.data) ?? '—'

  let body
  if (!signedIn)
    body =
      state.status === 'restoring' ? (
        <div aria-hidden="true" className="skeleton h-40 rounded-2xl" />
      ) : (
        <StateMessage
          title={t('Sign in to invite friends')}
          description={t('Earn a share of every deposit your friends make.')}
          action={<Button onClick={() => void modals.open('sign-in')}>{t('Sign in')}</Button>}
        />
      )
  else if (programme.isError) body = <LoadError title={t('The referral programme did not load')} onRetry={() => void programme.refetch()} />
  else if (!programme.data)
    body = <SkeletonColumn busy className="gap-3" blocks={['h-32 rounded-2xl', 'h-24 rounded-2xl']} />
  else {
    const data = programme.data
    const link = referralLink(data.startParam, env.VITE_BOT_URL, window.location.origin)
    const invite = t('Join me and play!')
    const share = async () => {
      const { outcome } = await shareInvite({ link, text: invite, startParam: data.startParam })
      if (outcome === 'copied') setCopied(true)
    }
    body = (
      <div className="flex flex-col gap-6">
        <section aria-label={t('Your invite link')} className="flex flex-col gap-3 rounded-2xl bg-section p-4">
          <p className="text-sm text-fg">
            {t('Earn {percent}% of every deposit a friend you invite makes.', { percent: data.sharePercent })}
          </p>
          <p className="break-all rounded-xl bg-surface px-3 py-2 font-mono text-sm text-fg" data-testid="referral-link">
            {link}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void share()}>{t('Invite friends')}</Button>
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard.writeText(link).then(() => {
                  setCopied(true)
                })
              }
            >
              {t('Copy link')}
            </Button>
            <Button variant="secondary" onClick={() => void modals.open('affiliate-program')}>
              {t('How it works')}
            </Button>
          </div>
          {copied ? (
            <p role="status" className="text-sm text-hint">
              {t('Link copied')}
            </p>
          ) : null}
        </section>
        <section aria-label={t('Earnings')} className="flex flex-col gap-3">
          <h2 className="text-lg font-bold text-fg">{t('Earnings')}</h2>
          {data.balances.length === 0 ? (
            <StateMessage title={t('No earnings yet')} description={t('When a friend you invited deposits, your share shows here.')} />
          ) : (
            <ul className="flex flex-col gap-2">
              {data.balances.map((balance) => (
                <li key={balance.currency} className="flex flex-wrap items-center gap-3 rounded-2xl bg-section p-4 text-sm">
                  <span className="flex flex-1 flex-col">
                    <span className="text-base font-bold tabular-nums" data-testid={`referral-available-${balance.currency}`}>
                      {money(balance.available, balance.currency)}
                    </span>
                    <span className="text-xs text-hint">
                      {t('Earned {earned} in total', { earned: money(balance.earned, balance.currency) })}
                    </span>
                  </span>
                  <Button disabled={balance.available <= 0} onClick={() => void modals.open('referral-transfer', balance.currency)}>
                    {t('Move to balance')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label={t('Invited friends')} className="flex flex-col gap-3">
          <h2 className="text-lg font-bold text-fg">{t('Invited friends')}</h2>
          {data.referrals.length === 0 ? (
            <StateMessage title={t('Nobody yet')} description={t('Share your link: friends who join through it show here.')} />
          ) : (
            <ul className="flex flex-col gap-2">
              {data.referrals.map((referral) => (
                <li key={referral.number} className="flex items-center gap-3 rounded-2xl bg-section px-4 py-3 text-sm">
                  <span className="flex flex-1 flex-col">
                    <span className="font-semibold">{referral.name ?? t('Friend {number}', { number: referral.number })}</span>
                    <span className="text-xs text-hint">
                      {referral.state === 'deposited' ? t('Has deposited') : t('Signed up')} ·{' '}
                      {new Date(referral.joinedAt).toLocaleDateString()}
                    </span>
                  </span>
                  <span className="text-right tabular-nums">
                    {referral.earned.map((earned) => money(earned.amount, earned.currency)).join(', ') || '—'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-4 px-4 py-4">
      <h1 className="text-2xl font-bold text-fg">{t('Invite friends')}</h1>
      {body}
    </div>
  )
}
