import { createFileRoute, redirect } from '@tanstack/react-router'

import { modalSearch } from '@/lib/modals'

/** The link of a password-reset e-mail (named route password-reset-resetCode): the reset-pass modal on the home page. */
export const Route = createFileRoute('/_default/password-reset/$resetCode')({
  beforeLoad: ({ params }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect is thrown by design
    throw redirect({ to: '/', search: modalSearch('reset-pass', params.resetCode), replace: true })
  },
})
