export { useSession } from '@/lib/session/session-context'
export { SessionProvider } from '@/lib/session/session-provider'
export { readStoredToken, storeToken } from '@/lib/session/token-storage'
