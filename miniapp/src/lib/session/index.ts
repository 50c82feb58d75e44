export { type Session, useSession } from '@/lib/session/session-context'
export { SessionProvider, type SessionProviderProps } from '@/lib/session/session-provider'
export type { Account, Profile, SessionResponse } from '@/lib/session/types'
