import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

import { AuthProgress } from '@/app/auth-screens'
import { ErrorPage } from '@/components/error-page'
import { redirectTarget } from '@/lib/navigation'
import { t } from '@/lib/i18n'

/**
 * The redirect screen (client-only, empty layout): `?to=` names where to go next, a path of this site or
 * an http(s) address elsewhere (a payment provider, a game). Anything else is refused.
 */
export const Route = createFileRoute('/_empty/redirect')({
  validateSearch: (search: Record<string, unknown>): { to?: string } =>
    typeof search.to === 'string' && search.to !== '' ? { to: search.to } : {},
  component: RedirectScreen,
})

function RedirectScreen() {
  const { to } = Route.useSearch()
  const router = useRouter()
  const target = redirectTarget(to, window.location.origin)
  const [href] = useState(target?.href)

  useEffect(() => {
    if (!target) return
    if (target.external) window.location.replace(target.href)
    else void router.navigate({ href: target.href, replace: true })
  }, [target, router])

  if (!target) {
    return <ErrorPage title={t('This link does not work')} description={t('The address it leads to is missing or not allowed. Try going back to our homepage.')} />
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <AuthProgress label={t('Taking you there…')} />
      <a href={href} className="min-h-11 text-sm font-semibold text-link">
        {t('Continue if nothing happens')}
      </a>
    </div>
  )
}
