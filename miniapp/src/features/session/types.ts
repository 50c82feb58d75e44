import type { Profile, SessionResponse } from '@/lib/api-types'

/** Shared with the features that sign players in. */
export type { Profile, SessionResponse }

export interface Account {
  id: number
  currency: string
  /** Integer minor units. */
  balance: number
  /** 1 is the active account. */
  status: number
}
