import type { Profile, Schemas, SessionResponse } from '@/lib/api-types'

/** Shared with the features that sign players in. */
export type { Profile, SessionResponse }

/** A wallet account: balance in integer minor units; status 1 is the active account. */
export type Account = Schemas['Account']
