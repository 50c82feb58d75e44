import { createFileRoute, Outlet } from '@tanstack/react-router'

/** `/profile/settings`: its children `account` and `notifications` (spec section 2). */
export const Route = createFileRoute('/_default/profile/settings')({
  component: Outlet,
})
