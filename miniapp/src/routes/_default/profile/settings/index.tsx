import { createFileRoute, redirect } from '@tanstack/react-router'

/** `/profile/settings` opens on its first child, the account settings. */
export const Route = createFileRoute('/_default/profile/settings/')({
  beforeLoad: ({ search }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect is thrown by design
    throw redirect({ to: '/profile/settings/account', search, replace: true })
  },
})
