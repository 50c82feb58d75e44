import { createFileRoute, redirect } from '@tanstack/react-router'

import { routeValidationFailed } from '@/app/not-found'
import { modalSearch } from '@/lib/modals'

/** A reset code as links carry it: URL-safe token characters (the sandbox's are 32 letters and digits). */
const RESET_CODE = /^[A-Za-z0-9._~-]{1,256}$/

/** The link of a password-reset e-mail (named route password-reset-resetCode): the reset-pass modal on the home page. */
export const Route = createFileRoute('/_default/password-reset/$resetCode')({
  beforeLoad: ({ params, location }) => {
    // The route's validation hook: a code no platform issues is a page that does not exist.
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's not-found is thrown by design
    if (!RESET_CODE.test(params.resetCode)) throw routeValidationFailed(location.pathname)
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's redirect is thrown by design
    throw redirect({ to: '/', search: modalSearch('reset-pass', params.resetCode), replace: true })
  },
})
