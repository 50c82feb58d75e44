import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/profile` itself is the overview: one address per page, so the sub-navigation marks where the player is. */
export const Route = createFileRoute('/_default/profile/')({
  beforeLoad: ({ search }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect is thrown by design
    throw redirect({ to: '/profile/info', search, replace: true })
  },
})
