import { lazy, Suspense } from 'react'

// The bell and its popover are their own chunk: the home page's initial JS does not carry them.
const NotificationsBell = lazy(() => import('@/features/notifications/components/notifications-bell'))

/** The header's notifications bell, for a signed-in player; nothing until its chunk has loaded. */
export function NotificationsBellSlot() {
  return (
    <Suspense fallback={<div aria-hidden="true" className="size-11" />}>
      <NotificationsBell />
    </Suspense>
  )
}
