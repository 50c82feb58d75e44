import { useLocation } from '@tanstack/react-router'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { type CookieChoice, readCookieConsent, storeCookieConsent } from '@/lib/cookie-consent'
import { useModals } from '@/lib/modals'
import { t } from '@/lib/i18n'

/**
 * The cookie popup: shown until the visitor chooses (the choice is kept in local storage), and again
 * whenever `?cookie-request` asks for it. It does not block the page, so it is no modal dialog.
 */
export function CookieRequest() {
  const asked = useLocation({ select: (location) => 'cookie-request' in (location.search as Record<string, unknown>) })
  const modals = useModals()
  const [consent, setConsent] = useState(readCookieConsent)
  if (consent && !asked) return null

  const choose = (choice: CookieChoice) => {
    setConsent(storeCookieConsent(choice))
    if (asked) void modals.close('cookie-request', { replace: true })
  }
  return (
    <section
      aria-label={t('Cookies')}
      className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-30 mx-auto flex max-w-md flex-col gap-3 rounded-2xl border border-section bg-surface p-4 text-fg shadow-2xl"
    >
      <p className="text-sm">
        {t(
          'We use cookies to keep you signed in safely, remember your settings and, with your consent, measure how the site is used.',
        )}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            choose('necessary')
          }}
        >
          {t('Necessary only')}
        </Button>
        <Button
          onClick={() => {
            choose('all')
          }}
        >
          {t('Accept all')}
        </Button>
      </div>
    </section>
  )
}
