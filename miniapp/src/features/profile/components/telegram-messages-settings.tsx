import { useId } from 'react'

import { CheckboxField } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { useTelegramNotifications } from '@/features/profile/api/get-telegram-notifications'
import { useUpdateTelegramNotifications } from '@/features/profile/api/update-telegram-notifications'
import { ProfileSkeleton } from '@/features/profile/components/profile-page-frame'
import { ApiError } from '@/lib/api-client'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { haptic } from '@/lib/native'
import { showToast } from '@/lib/toasts'

/** The kinds of message the bot sends, in the order the page lists them, with their names. */
function kindNames(): [kind: string, name: string][] {
  return [
    ['deposit_credited', t('Deposit received')],
    ['withdrawal_paid', t('Withdrawal paid')],
    ['withdrawal_declined', t('Withdrawal declined')],
    ['sport_bet_won', t('Sport bet won')],
    ['sport_bet_settled', t('Every settled sport bet')],
    ['bonus_awarded', t('Bonus awarded')],
    ['free_spins_awarded', t('Free spins awarded')],
    ['bonus_expiring', t('Bonus about to expire')],
    ['quest_completed', t('Quest completed')],
    ['loyalty_level_reached', t('Loyalty level reached')],
  ]
}

/**
 * The "Telegram messages" group of the notification settings: every message the bot sends on or off, and
 * each kind on its own. A switch moves at once and moves back if the change is refused. Where the platform
 * has no bot to ask, or the player no Telegram account, the group is not shown: nothing could change that.
 */
export function TelegramMessagesSettings() {
  const headingId = useId()
  const switches = useTelegramNotifications()
  const update = useUpdateTelegramNotifications()
  const error = switches.error
  if (error instanceof ApiError && (error.code === 'telegram_bot_not_configured' || error.code === 'telegram_not_linked')) return null
  let body
  if (switches.isError) body = <LoadError title={t('Your Telegram messages did not load')} onRetry={() => void switches.refetch()} />
  else if (!switches.data) body = <ProfileSkeleton rows={4} />
  else {
    const save = (change: { all?: boolean; kinds?: Record<string, boolean> }) => {
      update.mutate(change, {
        onSuccess: () => {
          haptic('success')
        },
        onError: (error) => {
          haptic('error')
          showToast({ title: failureMessage(error), tone: 'error' })
        },
      })
    }
    const { all, kinds } = switches.data
    body = (
      <>
        <CheckboxField
          name="telegram-all"
          checked={all}
          onChange={(checked) => {
            save({ all: checked })
          }}
        >
          {t('All Telegram messages')}
        </CheckboxField>
        <fieldset className="flex flex-col gap-3 border-t border-hint/20 pt-3" disabled={!all}>
          <legend className="sr-only">{t('Messages by kind')}</legend>
          {kindNames().map(([kind, name]) => (
            <CheckboxField
              key={kind}
              name={`telegram-${kind}`}
              checked={kinds[kind] ?? false}
              onChange={(checked) => {
                save({ kinds: { [kind]: checked } })
              }}
            >
              {name}
            </CheckboxField>
          ))}
        </fieldset>
      </>
    )
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl bg-surface p-4">
      <h2 id={headingId} className="text-base font-semibold">
        {t('Telegram messages')}
      </h2>
      <p className="text-sm text-hint">{t('The bot writes to you in Telegram when something happens to your money, bets and bonuses.')}</p>
      {body}
    </section>
  )
}
