import type { Profile } from '@/lib/api-types'
import { t } from '@/lib/i18n'

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
