import { type ReactNode, Suspense } from 'react'

import { Button } from '@/components/ui/button'
import { SkeletonColumn } from '@/components/ui/skeleton-column'
import { StateMessage } from '@/components/ui/state-message'
import { ApiError } from '@/lib/api-client'
import { t } from '@/lib/i18n'
import { loadMarkdownRenderer, Markdown } from '@/lib/markdown'
import { prerenderedMarkdown } from '@/lib/prerendered'
import { ARTICLE_CLASS, ARTICLE_TITLE_CLASS } from '@/components/content-layout'

export interface ContentQuery {
  data: { title: string; body: string } | undefined
  isError: boolean
  error: unknown
  refetch: () => unknown
}

/**
 * One text page of the platform's content (a static page, a bonus page, an FAQ answer): a skeleton
 * while it loads, the title and the rendered markdown, a "does not exist" state with a way on
 * (`notFound`: a link elsewhere) for a 404, and a retry for anything else.
 */
export function ContentArticle({
  query,
  notFound,
  aside,
  headingLevel = 1,
}: {
  query: ContentQuery
  notFound: ReactNode
  aside?: ReactNode
  headingLevel?: 1 | 2
}) {
  // The renderer's code is asked for together with the text, unless the build already rendered it.
  if (!query.isError && (query.data === undefined || prerenderedMarkdown(query.data.body) === undefined)) {
    void loadMarkdownRenderer().catch(() => undefined)
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404
    return (
      <div className="px-4 py-4">
        <StateMessage
          role="alert"
          title={missing ? t('This page does not exist') : t('This page did not load')}
          description={missing ? t('It may have moved. Try one of these instead.') : t('Check your connection and try again.')}
          action={missing ? notFound : <Button onClick={() => void query.refetch()}>{t('Retry')}</Button>}
        />
      </div>
    )
  }
  if (!query.data)
    return (
      <SkeletonColumn busy status={t('Loading the page')} className="gap-3 px-4 py-4" blocks={['h-8 w-2/3 rounded-xl']}>
        <BodySkeleton />
      </SkeletonColumn>
    )
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <article className={ARTICLE_CLASS}>
      <Heading className={ARTICLE_TITLE_CLASS[headingLevel]}>{query.data.title}</Heading>
      {aside}
      <Suspense fallback={<BodySkeleton />}>
        <Markdown source={query.data.body} />
      </Suspense>
    </article>
  )
}

/** The text's place while it loads (or, rarely, while the markdown renderer does). */
function BodySkeleton() {
  return <div aria-hidden="true" className="skeleton h-40 rounded-2xl" />
}
