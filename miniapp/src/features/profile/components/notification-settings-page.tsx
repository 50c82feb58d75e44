import { CheckboxField } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { useProfile } from '@/features/profile/api/get-profile'
import { useUpdateProfile } from '@/features/profile/api/update-profile'
import { ProfilePageFrame, ProfileSkeleton } from '@/features/profile/components/profile-page-frame'
import { TelegramMessagesSettings } from '@/features/profile/components/telegram-messages-settings'
import { failureMessage } from '@/lib/forms/failure'
import { t } from '@/lib/i18n'
import { useLaunch } from '@/lib/launch'
import { haptic } from '@/lib/native'
import { showToast } from '@/lib/toasts'

/**
 * `/profile/settings/notifications`: whether the casino may send offers by e-mail and by text message.
 * Off until the player turns them on; each choice is saved as it is made. In Telegram, or for a player with
 * Telegram linked, also which messages the bot sends them.
 */
export function NotificationSettingsPage() {
  const profile = useProfile()
  const launch = useLaunch()
  const update = useUpdateProfile()
  let body
  if (profile.isError) body = <LoadError title={t('Your settings did not load')} onRetry={() => void profile.refetch()} />
  else if (!profile.data) body = <ProfileSkeleton rows={2} />
  else {
    const save = (change: { receiveEmailPromo?: boolean; receiveSmsPromo?: boolean }) => {
      update.mutate(change, {
        onSuccess: () => {
          haptic('success')
          showToast({ title: t('Your choice is saved'), tone: 'success' })
        },
        onError: (error) => {
          haptic('error')
          showToast({ title: failureMessage(error), tone: 'error' })
        },
      })
    }
    const telegram = launch.mode === 'telegram' || profile.data.tgUserId != null
    body = (
      <>
      <div className="flex flex-col gap-4 rounded-2xl bg-surface p-4">
        <p className="text-sm text-hint">{t('Account messages (deposits, security, verification) always reach you. Offers only if you want them.')}</p>
        <CheckboxField
          name="receiveEmailPromo"
          checked={profile.data.receiveEmailPromo}
          onChange={(checked) => {
            save({ receiveEmailPromo: checked })
          }}
        >
          {t('Offers and bonuses by e-mail')}
        </CheckboxField>
        <CheckboxField
          name="receiveSmsPromo"
          checked={profile.data.receiveSmsPromo}
          onChange={(checked) => {
            save({ receiveSmsPromo: checked })
          }}
        >
          {t('Offers and bonuses by text message')}
        </CheckboxField>
      </div>
      {telegram ? <TelegramMessagesSettings /> : null}
      </>
    )
  }
  return <ProfilePageFrame title={t('Notification settings')}>{body}</ProfilePageFrame>
}
