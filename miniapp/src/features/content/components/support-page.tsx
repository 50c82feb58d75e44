import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'

import { Button, buttonClassName } from '@/components/ui/button'
import { env } from '@/config/env'
import { useFaq } from '@/features/content/api/get-faq'
import { openChat, useChat, wantChat } from '@/lib/chat'
import { t, useI18n } from '@/lib/i18n'

/** How many questions the support page offers before "all questions". */
const TOP_QUESTIONS = 5

/**
 * `/support`: the ways to get help, quickest first: the common questions, the contact form, and the
 * operator's support address; first of all the live chat, when the operator runs one (`lib/chat`), with
 * the count of answers not yet read.
 */
export function SupportPage() {
  const { locale } = useI18n()
  const faq = useFaq(locale)
  const chat = useChat()
  // The chat's widget loads on the page that offers it (and then stays for the visit).
  useEffect(wantChat, [])
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-4">
      <h1 className="text-2xl font-bold text-fg">{t('Support')}</h1>
      {chat.available ? (
        <section aria-labelledby="support-chat" className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
          <h2 id="support-chat" className="text-base font-bold text-fg">
            {t('Live chat')}
          </h2>
          <p className="text-sm text-hint">{t('Talk to our team now, in the chat.')}</p>
          <Button className="self-start" onClick={openChat}>
            {chat.unread > 0 ? t('Open the chat ({count} unread)', { count: String(chat.unread) }) : t('Open the chat')}
          </Button>
        </section>
      ) : null}
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
