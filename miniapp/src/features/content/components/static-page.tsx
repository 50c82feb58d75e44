import { Link } from '@tanstack/react-router'

import { buttonClassName } from '@/components/ui/button'
import { ContentArticle } from '@/components/content-article'
import { useStaticPage } from '@/features/content/api/get-static-page'
import { t, useI18n } from '@/lib/i18n'

/** `/static/{pageIdentity}`: one of the operator's text pages (terms, privacy, responsible gaming). */
export function StaticPage({ slug }: { slug: string }) {
  const { locale } = useI18n()
  return (
    <ContentArticle
      query={useStaticPage(slug, locale)}
      notFound={
        <Link to="/questions" className={buttonClassName('primary')}>
          {t('Questions and answers')}
        </Link>
      }
    />
  )
}
