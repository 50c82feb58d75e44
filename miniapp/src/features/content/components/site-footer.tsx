import { Link } from '@tanstack/react-router'

import { useStaticPages } from '@/features/content/api/get-static-pages'
import { t, useI18n } from '@/lib/i18n'

/**
 * The footer's content: the operator's text pages, the questions, and the notices every real-money
 * casino carries (players must be 18 or older; gambling can be addictive, with where to find limits).
 * A list that does not load leaves the notices (the links reappear on the next visit).
 */
export function SiteFooter() {
  const { locale } = useI18n()
  const pages = useStaticPages(locale)
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

export default SiteFooter
