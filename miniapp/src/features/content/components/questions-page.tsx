import { Link, Outlet, useParams } from '@tanstack/react-router'

import { Button } from '@/components/ui/button'
import { ContentArticle } from '@/components/content-article'
import { StateMessage } from '@/components/ui/state-message'
import { useFaq } from '@/features/content/api/get-faq'
import { ApiError } from '@/lib/api-client'
import { t, useI18n } from '@/lib/i18n'
import {
  ARTICLE_TITLE_CLASS,
  NO_QUESTION_CHOSEN_CLASS,
  QUESTION_ANSWER_CLASS,
  QUESTION_LINK_CLASS,
  QUESTIONS_LAYOUT_CLASS,
  QUESTIONS_LIST_CLASS,
  QUESTIONS_NAV_CLASS,
} from '@/components/content-layout'

/**
 * `/questions` and `/questions/{pageIdentity}`: the questions as a list beside (on phones: above) the
 * chosen answer. Moving between the list and one question is not a page change (spec section 2): the
 * list stays and keeps its scroll, only the answer changes (`resetScroll: false` on the links).
 */
export function QuestionsLayout() {
  const { locale } = useI18n()
  const faq = useFaq(locale)
  const chosen = useParams({ strict: false, select: (params) => (params as { pageIdentity?: string }).pageIdentity })

  let list
  if (faq.isError) {
    list = (
      <StateMessage
        role="alert"
        title={t('The questions did not load')}
        description={t('Check your connection and try again.')}
        action={<Button onClick={() => void faq.refetch()}>{t('Retry')}</Button>}
      />
    )
  } else if (!faq.data) {
    list = (
      <div aria-busy="true" className="flex flex-col gap-2">
        <p role="status" className="sr-only">
          {t('Loading the questions')}
        </p>
        {[0, 1, 2, 3].map((row) => (
          <div key={row} aria-hidden="true" className="skeleton h-11 rounded-xl" />
        ))}
      </div>
    )
  } else if (faq.data.length === 0) {
    list = <StateMessage title={t('No questions yet')} description={t('Contact support: they answer every question.')} />
  } else {
    list = (
      <ul className={QUESTIONS_LIST_CLASS}>
        {faq.data.map((entry) => (
          <li key={entry.slug}>
            <Link
              to="/questions/$pageIdentity"
              params={{ pageIdentity: entry.slug }}
              resetScroll={false}
              aria-current={entry.slug === chosen ? 'page' : undefined}
              className={QUESTION_LINK_CLASS}
            >
              {entry.title}
            </Link>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <div className={QUESTIONS_LAYOUT_CLASS}>
      <nav aria-label={t('Questions')} className={QUESTIONS_NAV_CLASS}>
        <h1 className={ARTICLE_TITLE_CLASS[1]}>{t('Questions and answers')}</h1>
        {list}
      </nav>
      <div className={QUESTION_ANSWER_CLASS}>
        <Outlet />
      </div>
    </div>
  )
}

/** No question chosen yet. */
export function NoQuestionChosen() {
  return <p className={NO_QUESTION_CHOSEN_CLASS}>{t('Choose a question to see its answer.')}</p>
}

/** One answer, from the list already loaded (one call serves the list and every answer). */
export function QuestionAnswer({ slug }: { slug: string }) {
  const { locale } = useI18n()
  const faq = useFaq(locale)
  const entry = faq.data?.find((candidate) => candidate.slug === slug)
  const missing = faq.data !== undefined && entry === undefined
  return (
    <ContentArticle
      headingLevel={2}
      query={{
        data: entry,
        isError: faq.isError || missing,
        error: missing ? new ApiError({ status: 404, code: 'content_not_found', message: 'No such question.', traceId: '' }) : faq.error,
        refetch: faq.refetch,
      }}
      notFound={
        <Link to="/questions" resetScroll={false} className="text-sm font-semibold text-link underline">
          {t('All questions')}
        </Link>
      }
    />
  )
}
