import { createFileRoute } from '@tanstack/react-router'

import { EmptyLayout } from '@/app/layouts/empty-layout'

export const Route = createFileRoute('/_empty')({
  component: EmptyLayout,
})
