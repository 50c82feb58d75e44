import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { App } from '@/app/app'
import { createQueryClient } from '@/app/query-client'
import type { LeaveSite } from '@/app/route-rules'
import { createAppRouter } from '@/app/router'
import type { Locale } from '@/lib/i18n'
import type { Launch } from '@/lib/launch'

/**
 * Renders the whole app at `path`, with the production query client and router; a web launch unless told.
 * `leaveSite` sees full page loads to other sites (jsdom cannot navigate); they are ignored unless given.
 */
export function renderRoute(
  path: string,
  {
    launch = { mode: 'web' },
    leaveSite = () => undefined,
    telegramLanguage,
  }: { launch?: Launch; leaveSite?: LeaveSite; telegramLanguage?: Locale } = {},
) {
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }), leaveSite)
  const user = userEvent.setup()
  const view = render(
    <App queryClient={queryClient} router={router} launch={launch} {...(telegramLanguage ? { telegramLanguage } : {})} />,
  )
  return { ...view, user, router, queryClient }
}
