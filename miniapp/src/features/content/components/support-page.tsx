import { Link } from '@tanstack/react-router'

import { buttonClassName } from '@/components/ui/button'
import { env } from '@/config/env'
import { useFaq } from '@/features/content/api/get-faq'
import { t, useI18n } from '@/lib/i18n'

/** How many questions the support page offers before "all questions". */
const TOP_QUESTIONS = 5

/**
 * `/support`: the ways to get help, quickest first: the common questions, the contact form, and the
 * operator's support address. A live chat joins them once an operator configures one (not yet here).
 */
export function SupportPage() {
  const { locale } = useI18n()
  const faq = useFaq(locale)
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-4">
      <h1 className="text-2xl font-bold text-fg">{t('Support')}</h1>
      <section aria-labelledby="support-questions" className="flex flex-col gap-2 rounded-2xl bg-surface p-4">
        <h2 id="support-questions" className="text-base font-bold text-fg">
          {t('Common questions')}
        </h2>
        {faq.isError ? (
          <p className="text-sm text-hint">{t('The questions did not load')}</p>
        ) : !faq.data ? (
          <div aria-busy="true" className="flex flex-col gap-2">
            {[0, 1, 2].map((row) => (
              <div key={row} aria-hidden="true" className="skeleton h-10 rounded-xl" />
            ))}
          </div>
        ) : (
          <ul className="flex flex-col gap-1">
            {faq.data.slice(0, TOP_QUESTIONS).map((entry) => (
              <li key={entry.slug}>
                <Link to="/questions/$pageIdentity" params={{ pageIdentity: entry.slug }} className="flex min-h-11 items-center text-sm text-link underline">
                  {entry.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link to="/questions" className="text-sm font-semibold text-link">
          {t('All questions')}
        </Link>
      </section>
      <section aria-labelledby="support-write" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
        <h2 id="support-write" className="text-base font-bold text-fg">
          {t('Write to us')}
        </h2>
        <p className="text-sm text-hint">{t('Our team answers by e-mail, usually within a day.')}</p>
        <div className="flex flex-wrap gap-2">
          <Link to="/contact" className={buttonClassName('primary')}>
            {t('Contact form')}
          </Link>
          <a href={env.VITE_SUPPORT_URL} className={buttonClassName('secondary')}>
            {t('E-mail support')}
          </a>
        </div>
      </section>
    </div>
  )
}
