export interface Profile {
  id: number
  email: string | null
  phone: string | null
  nickname: string | null
  firstName: string | null
  lastName: string | null
  tgUserId: number | null
  language: string | null
  country: string | null
  locale: string | null
  isNewlyRegistered?: boolean
}

export interface Account {
  id: number
  currency: string
  /** Integer minor units. */
  balance: number
  /** 1 is the active account. */
  status: number
}

/** What every sign-in call answers. */
export interface SessionResponse {
  accessToken: string
  profile: Profile
}
