import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'

import { chatDetails } from '@/app/chat-details'
import { env } from '@/config/env'
import { playerBonusesQueryOptions } from '@/features/bonuses/api/get-player-bonuses'
import { playerFreespinsQueryOptions } from '@/features/bonuses/api/get-player-freespins'
import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { activeAccount } from '@/lib/accounts'
import { accountsQueryOptions } from '@/lib/accounts'
import { useSession } from '@/lib/session'
import { constantsQueryOptions } from '@/lib/settings'

const LiveChat = lazy(() => import('@/features/chat/live-chat'))

/** The chat widget composed from the session, the profile and the active account (`app/live-chat.tsx` decides when). */
export default function ChatForVisitor({ host }: { host: string }) {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn })
  const accounts = useQuery({ ...accountsQueryOptions(), enabled: signedIn })
  const active = signedIn ? activeAccount(accounts.data) : undefined
  const player =
    signedIn && profile.data
      ? {
          id: profile.data.id,
          restoreId: profile.data.freshchatRestoreId ?? null,
          firstName: profile.data.firstName ?? null,
          lastName: profile.data.lastName ?? null,
          email: profile.data.email ?? null,
          phone: profile.data.phone ?? null,
          locale: profile.data.locale,
        }
      : undefined
  // Loaded after sign-in anyway (and kept current by pushes), so these usually read the cache.
  const bonuses = useQuery({ ...playerBonusesQueryOptions(), enabled: signedIn })
  const freespins = useQuery({ ...playerFreespinsQueryOptions(), enabled: signedIn })
  const constants = useQuery({ ...constantsQueryOptions(), enabled: signedIn })
  const details = signedIn ? chatDetails(active, bonuses.data, freespins.data, constants.data) : {}
  return (
    <Suspense fallback={null}>
      <LiveChat
        host={host}
        token={env.VITE_CHAT_TOKEN}
        player={player}
        details={details}
        onProfile={(saved) => {
          queryClient.setQueryData(profileQueryOptions().queryKey, saved)
        }}
      />
    </Suspense>
  )
}
