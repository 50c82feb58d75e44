export { useSession } from '@/lib/session/session-context'
export { SessionProvider } from '@/lib/session/session-provider'
export { readStoredToken, SESSION_TOKEN_ENTRY, storeToken, tokenPlayerId } from '@/lib/session/token-storage'
