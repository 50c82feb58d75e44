import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'

import { env } from '@/config/env'
import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { activeAccount } from '@/features/wallet/active-account'
import { accountsQueryOptions } from '@/features/wallet/api/get-accounts'
import { useSession } from '@/lib/session'

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
  const details: Record<string, string> = active ? { currency: active.currency, balanceMinorUnits: String(active.balance) } : {}
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
