import { Button } from '@/components/ui/button'
import { env } from '@/config/env'
import { t } from '@/lib/i18n'
import { haptic } from '@/lib/native'
import { useSession } from '@/lib/session'
import { screenLink, shareLink } from '@/lib/share'
import type { StartTarget } from '@/lib/start-param'
import { showToast } from '@/lib/toasts'

/**
 * Shares a game or a sport event as a link that opens it (with a signed-in player's referral): Telegram's
 * share sheet inside Telegram, the browser's share sheet elsewhere, the clipboard as the last resort.
 */
export function ShareButton({ target, name }: { target: StartTarget; name: string }) {
  const { state } = useSession()
  const refId = state.status === 'loggedIn' && state.profileId !== undefined ? String(state.profileId) : undefined
  const link = screenLink(target, { botUrl: env.VITE_BOT_URL, origin: window.location.origin, refId })
  const share = async () => {
    const outcome = await shareLink(link, t('Take a look at {name}', { name }))
    if (outcome === 'copied') showToast({ tone: 'success', title: t('Link copied') })
    if (outcome === 'failed') {
      haptic('error')
      showToast({ tone: 'error', title: t('The link was not shared'), description: link })
    }
  }
  return (
    <Button variant="secondary" aria-label={t('Share {name}', { name })} data-share-link={link} onClick={() => void share()}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <path d="M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M12 3v12M7 8l5-5 5 5" />
      </svg>
      {t('Share')}
    </Button>
  )
}
