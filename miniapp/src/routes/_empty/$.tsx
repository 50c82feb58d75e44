import { createFileRoute } from '@tanstack/react-router'

import { pageNotFound } from '@/app/not-found'

/** Any path no other route claims: the not-found page (the root's), with the spec's message. */
export const Route = createFileRoute('/_empty/$')({
  beforeLoad: ({ location }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's not-found is thrown by design
    throw pageNotFound(location.pathname)
  },
})
