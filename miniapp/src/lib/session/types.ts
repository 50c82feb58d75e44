import type { Profile, SessionResponse } from '@/lib/api-types'

/** Shared with the features that sign players in. */
export type { Profile, SessionResponse }
