import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'

import { ContactPage } from '@/features/content/components/contact-page'
import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { displayName } from '@/features/profile/display-name'
import { useSession } from '@/lib/session'

/** `/contact`: the contact form; a signed-in player's name and e-mail are filled in. */
export const Route = createFileRoute('/_default/contact')({
  component: ContactRoute,
})

function ContactRoute() {
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  // A guest has no profile to read (the call would be refused and open sign-in).
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn })
  if (signedIn && profile.isPending) return <div aria-busy="true" aria-hidden="true" className="skeleton mx-4 my-4 h-72 rounded-2xl" />
  const from = signedIn && profile.data ? { name: profile.data.nickname ?? profile.data.firstName ?? displayName(profile.data), email: profile.data.email ?? undefined } : undefined
  // Keyed by who writes: a sign-in or sign-out while here starts the form afresh with their details.
  return <ContactPage key={from?.email ?? 'guest'} from={from} />
}
