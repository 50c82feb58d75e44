import { createFileRoute } from '@tanstack/react-router'

import { ErrorPage } from '@/components/error-page'

/** Any path no other route claims. */
export const Route = createFileRoute('/_empty/$')({
  component: ErrorPage,
})
