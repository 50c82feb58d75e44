import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, type ErrorComponentProps, type NotFoundRouteProps, Outlet } from '@tanstack/react-router'

import { ConnectionBanner } from '@/app/connection-banner'
import { EmptyLayout } from '@/app/layouts/empty-layout'
import { notFoundMessage } from '@/app/not-found'
import { UnknownRouteMiddlewareError } from '@/app/route-guards'
import type { RouteRules } from '@/app/route-rules'
import { TelegramBackButton } from '@/app/telegram-back-button'
import { ErrorPage } from '@/components/error-page'
import { useLaunch } from '@/lib/launch'
import { parseModalSearch } from '@/lib/modals'
import { t } from '@/lib/i18n'

export interface RouterContext {
  queryClient: QueryClient
  routeRules: RouteRules
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The modal keys of the query (spec section 2), on every page.
  validateSearch: parseModalSearch,
  // Every navigation asks the route rules first (a redirect, guards); `location` has no locale prefix.
  beforeLoad: ({ context, location, preload, abortController }) =>
    context.routeRules.check({
      pathname: location.pathname,
      search: location.search,
      preload,
      signal: abortController.signal,
    }),
  component: Root,
  notFoundComponent: NotFound,
  errorComponent: FatalError,
})

function Root() {
  const launch = useLaunch()
  return (
    <>
      <Outlet />
      <ConnectionBanner />
      {launch.mode === 'telegram' ? <TelegramBackButton /> : null}
    </>
  )
}

function NotFound({ data }: NotFoundRouteProps) {
  return (
    <EmptyLayout>
      <ErrorPage message={notFoundMessage(data)} />
    </EmptyLayout>
  )
}

function FatalError({ error }: ErrorComponentProps) {
  return (
    <EmptyLayout>
      <ErrorPage
        description={t('Something unexpected stopped this page. Try going back to our homepage.')}
        // Only messages of errors the app raises on purpose; others may say things players need not see.
        message={error instanceof UnknownRouteMiddlewareError ? error.message : undefined}
      />
    </EmptyLayout>
  )
}
