import { createMemoryHistory } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { App } from '@/app/app'
import { createQueryClient } from '@/app/query-client'
import { createAppRouter } from '@/app/router'
import type { Launch } from '@/lib/launch'

/** Renders the whole app at `path`, with the production query client and router; a web launch unless told. */
export function renderRoute(path: string, { launch = { mode: 'web' } }: { launch?: Launch } = {}) {
  const queryClient = createQueryClient()
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }))
  const user = userEvent.setup()
  const view = render(<App queryClient={queryClient} router={router} launch={launch} />)
  return { ...view, user, router, queryClient }
}
