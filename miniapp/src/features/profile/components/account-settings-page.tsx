import { type ReactNode, useId, useMemo } from 'react'

import { ColorModeChoice } from '@/components/color-mode-choice'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/form-field'
import { LoadError } from '@/components/ui/load-error'
import { useProfile } from '@/features/profile/api/get-profile'
import { useLinkTelegram, useSocialConnections, useUnlinkSocial } from '@/features/profile/api/social-connections'
import { useUpdateProfile } from '@/features/profile/api/update-profile'
import { ProfilePageFrame, ProfileSkeleton } from '@/features/profile/components/profile-page-frame'
import { useConfirm } from '@/lib/confirmations'
import { failureMessage } from '@/lib/forms/failure'
import { isLocale, profileLanguage, t, useI18n, useSwitchLocale } from '@/lib/i18n'
import { useLaunch } from '@/lib/launch'
import { useModals } from '@/lib/modals'
import { useOfferedLocales } from '@/lib/settings'
import { haptic } from '@/lib/native'
import { showToast } from '@/lib/toasts'

/** Names of the providers a player may have linked, as players know them. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = { google: 'Google', facebook: 'Facebook', apple: 'Apple', telegram: 'Telegram' }

/** The device's time zones, as the browser knows them; the empty value follows the device. */
function timeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
}

/**
 * `/profile/settings/account`: language, time zone, colour mode and equivalent currency, the password, and
 * the social accounts the player signs in with. `linkButtons` are the sign-in feature's buttons that link
 * another provider; `equivalentCurrency` is the wallet's setting.
 */
export function AccountSettingsPage({
  linkButtons,
  equivalentCurrency,
}: {
  linkButtons?: (linked: readonly string[]) => ReactNode
  equivalentCurrency?: ReactNode
}) {
  const profile = useProfile()
  const modals = useModals()
  const launch = useLaunch()
  if (profile.isError) return <LoadError title={t('Your settings did not load')} onRetry={() => void profile.refetch()} />
  return (
    <ProfilePageFrame title={t('Account settings')}>
      <Section title={t('Language and region')}>
        <LanguageSetting />
        {profile.data ? <TimeZoneSetting current={profile.data.timeZone ?? ''} /> : <div aria-hidden="true" className="skeleton h-11 rounded-xl" />}
        <ColorModeChoice />
        {equivalentCurrency}
      </Section>
      {launch.mode === 'web' ? (
        <Section title={t('Password')}>
          <p className="text-sm text-hint">{t('Use at least 8 characters, and a password you use nowhere else.')}</p>
          <Button variant="secondary" className="self-start" onClick={() => void modals.open('change-pass')}>
            {t('Change password')}
          </Button>
        </Section>
      ) : null}
      <Section title={t('Linked accounts')}>
        <SocialConnections linkButtons={linkButtons} />
      </Section>
    </ProfilePageFrame>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
      <h2 id={id} className="text-base font-bold text-fg">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The app's language; saved on the profile too, so messages from the casino come in it. */
function LanguageSetting() {
  const { locale } = useI18n()
  const switchLocale = useSwitchLocale()
  const update = useUpdateProfile()
  const offered = useOfferedLocales()
  return (
    <SelectField
      label={t('Language')}
      name="language"
      value={locale}
      onChange={(next) => {
        if (!isLocale(next)) return
        void switchLocale(next)
        update.mutate(profileLanguage(next))
      }}
      options={offered.map(({ code, name }) => ({ value: code, label: name, lang: code }))}
    />
  )
}

/** The time zone dates are shown in; empty follows the device. Saved as soon as it is chosen. */
function TimeZoneSetting({ current }: { current: string }) {
  const update = useUpdateProfile()
  const zones = useMemo(() => timeZones(), [])
  const device = Intl.DateTimeFormat().resolvedOptions().timeZone
  return (
    <SelectField
      label={t('Time zone')}
      name="timeZone"
      value={current}
      disabled={update.isPending}
      onChange={(next) => {
        update.mutate(
          { timeZone: next },
          {
            onSuccess: () => {
              showToast({ title: t('Time zone saved'), tone: 'success' })
            },
            onError: (error) => {
              showToast({ title: failureMessage(error), tone: 'error' })
            },
          },
        )
      }}
      options={[
        { value: '', label: t('This device’s ({zone})', { zone: device }) },
        ...(zones.includes(current) || current === '' ? zones : [current, ...zones]).map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
      ]}
    />
  )
}

function SocialConnections({ linkButtons }: { linkButtons: ((linked: readonly string[]) => ReactNode) | undefined }) {
  const connections = useSocialConnections()
  const profile = useProfile()
  const unlink = useUnlinkSocial()
  const linkTelegram = useLinkTelegram()
  const launch = useLaunch()
  const confirm = useConfirm()
  if (connections.isError) return <LoadError title={t('Your linked accounts did not load')} onRetry={() => void connections.refetch()} />
  if (!connections.data) return <ProfileSkeleton rows={1} />
  const linked = connections.data
  const remove = async (provider: string) => {
    const name = PROVIDER_NAMES[provider] ?? provider
    const confirmed = await confirm({
      title: t('Unlink {provider}?', { provider: name }),
      message: t('You will no longer sign in with {provider}.', { provider: name }),
      confirmLabel: t('Unlink'),
      destructive: true,
    })
    if (!confirmed) return
    unlink.mutate(provider, {
      onSuccess: () => {
        haptic('success')
        showToast({ title: t('{provider} unlinked', { provider: name }), tone: 'success' })
      },
      onError: (error) => {
        haptic('error')
        showToast({ title: failureMessage(error), tone: 'error' })
      },
    })
  }
  // Inside Telegram, a player signed in another way can add this Telegram account to theirs.
  const canLinkTelegram = profile.data?.tgUserId == null && !linked.some((item) => item.provider === 'telegram')
  return (
    <div className="flex flex-col gap-3">
      {linked.length === 0 ? (
        <p className="text-sm text-hint">{t('No accounts linked yet. Link one to sign in with a tap.')}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('Linked accounts')}>
          {linked.map((connection) => (
            <li key={connection.provider} className="flex flex-wrap items-center gap-3 rounded-xl bg-section px-3 py-2">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="text-sm font-semibold text-fg">{PROVIDER_NAMES[connection.provider] ?? connection.provider}</span>
                <span className="truncate text-xs text-hint">{connection.email ?? connection.displayName ?? ''}</span>
              </span>
              <Button variant="secondary" disabled={unlink.isPending} onClick={() => void remove(connection.provider)}>
                {t('Unlink')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {launch.mode === 'telegram' && canLinkTelegram ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={linkTelegram.isPending}
          onClick={() => {
            linkTelegram.mutate(launch.initData, {
              onSuccess: () => {
                haptic('success')
                showToast({ title: t('Telegram linked'), tone: 'success' })
              },
              onError: (error) => {
                haptic('error')
                showToast({ title: failureMessage(error), tone: 'error' })
              },
            })
          }}
        >
          {t('Link this Telegram account')}
        </Button>
      ) : null}
      {linkButtons?.(linked.map((connection) => connection.provider))}
    </div>
  )
}
