export { type Session, useSession } from '@/features/session/session-context'
export { SessionProvider, type SessionProviderProps } from '@/features/session/session-provider'
export type { Account, Profile, SessionResponse } from '@/features/session/types'
