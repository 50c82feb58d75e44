import { Link } from '@tanstack/react-router'

import { buttonClassName } from '@/components/ui/button'
import { t } from '@/lib/i18n'

export interface ErrorPageProps {
  title?: string
  description?: string
  /** The error's own message (such as "Page not found: /x"), small, for whoever the player asks for help. */
  message?: string | undefined
}

/** The spec's error page: a picture, a title, a description and a way back to the homepage. */
export function ErrorPage({
  title = t('Something went wrong'),
  description = t('The page you are trying to access does not exist or has been moved. Try going back to our homepage.'),
  message,
}: ErrorPageProps) {
  return (
    <div className="mx-auto flex max-w-sm flex-col items-center gap-4 px-6 py-10 text-center">
      <LostCardsPicture />
      <h1 className="text-xl font-bold text-fg">{title}</h1>
      <p className="text-sm text-hint">{description}</p>
      {message ? <p className="text-xs break-all text-hint">{message}</p> : null}
      <Link to="/" className={buttonClassName('primary', 'mt-2 w-full max-w-60')}>
        {t('Homepage')}
      </Link>
    </div>
  )
}

function LostCardsPicture() {
  return (
    <svg viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" className="text-accent">
      <rect x="34" y="22" width="52" height="72" rx="8" transform="rotate(-12 60 58)" className="fill-section" />
      <rect
        x="74"
        y="22"
        width="52"
        height="72"
        rx="8"
        transform="rotate(10 100 58)"
        className="fill-surface stroke-current"
        strokeWidth="2"
      />
      <text
        x="100"
        y="70"
        textAnchor="middle"
        transform="rotate(10 100 58)"
        className="fill-current"
        fontSize="30"
        fontWeight="700"
      >
        ?
      </text>
      <ellipse cx="80" cy="110" rx="46" ry="5" className="fill-section" />
    </svg>
  )
}
