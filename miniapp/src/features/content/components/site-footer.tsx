import { Link } from '@tanstack/react-router'

import { env } from '@/config/env'
import { useStaticPages } from '@/features/content/api/get-static-pages'
import { t, useI18n } from '@/lib/i18n'
import { useInstallPrompt } from '@/lib/install-prompt'
import { useLaunch } from '@/lib/launch'
import { useModals } from '@/lib/modals'
import { useCanAddToHomeScreen } from '@/lib/native'

/** Already running as an installed app (opened from the home screen): nothing to install. */
function runsInstalled(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches
}

/**
 * The footer's content: the operator's text pages, the questions, and the notices every real-money
 * casino carries (players must be 18 or older; gambling can be addictive, with where to find limits).
 * A list that does not load leaves the notices (the links reappear on the next visit).
 */
export default function SiteFooter() {
  const { locale } = useI18n()
  const pages = useStaticPages(locale)
  const modals = useModals()
  const launch = useLaunch()
  const installed = useInstallPrompt().installed
  const telegram = launch.mode === 'telegram'
  const nativeInstall = useCanAddToHomeScreen()
  // In Telegram only where the client can add the icon; on the web unless the app already runs installed.
  const offerInstall = telegram ? nativeInstall : !installed && !runsInstalled()
  return (
    <div className="flex flex-col gap-3 px-4 py-4 text-xs text-hint">
      <nav aria-label={t('Information')}>
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {(pages.data ?? []).map((page) => (
            <li key={page.slug}>
              <Link to="/static/$pageIdentity" params={{ pageIdentity: page.slug }} className="underline">
                {page.title}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/questions" className="underline">
              {t('Questions and answers')}
            </Link>
          </li>
          <li>
            <Link to="/support" className="underline">
              {t('Support')}
            </Link>
          </li>
          {env.VITE_TELEGRAM_NEWS_URL ? (
            <li>
              <button type="button" className="underline" onClick={() => void modals.open(telegram ? 'tg-news' : 'telegram-news')}>
                {t('News on Telegram')}
              </button>
            </li>
          ) : null}
          {offerInstall ? (
            <li>
              <button type="button" className="underline" onClick={() => void modals.open('install-app')}>
                {telegram ? t('Add to home screen') : t('Install the app')}
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      <p>
        <span aria-hidden="true" className="mr-2 inline-grid size-7 place-items-center rounded-full border border-current font-bold">
          18+
        </span>
        {t('Only players aged 18 or older may play. Gambling can be addictive: set yourself limits and play responsibly.')}
      </p>
    </div>
  )
}

