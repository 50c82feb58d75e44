import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'

import { env } from '@/config/env'
import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { useChatWanted } from '@/lib/chat'
import { useSession } from '@/lib/session'

const ChatForVisitor = lazy(() => import('@/app/chat-for-visitor'))

/**
 * The live chat, when the build names a chat host (spec section 1). Its widget loads where it can be
 * useful: once a page offering it has been seen (support), or at once for a player who already has a
 * conversation (a restore id), whose answers must be counted wherever they are. A first visit to the
 * home page never pays for it.
 */
export function AppLiveChat() {
  const host = env.VITE_CHAT_HOST
  const wanted = useChatWanted()
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  const profile = useQuery({ ...profileQueryOptions(), enabled: signedIn && host !== undefined })
  const conversation = signedIn && Boolean(profile.data?.freshchatRestoreId)
  if (host === undefined || !(wanted || conversation)) return null
  return (
    <Suspense fallback={null}>
      <ChatForVisitor host={host} />
    </Suspense>
  )
}
