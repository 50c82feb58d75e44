/** The platform wraps every list in `data`. */
export interface ListResponse<T> {
  data: T[]
}

export interface PageMeta {
  page: number
  perPage: number
  totalPages: number
  totalRows: number
}

export interface PagedResponse<T> extends ListResponse<T> {
  meta: PageMeta
}

/** The player's profile, as sign-in calls and `GET /player/profile` answer it. */
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

/** What every sign-in call answers. */
export interface SessionResponse {
  accessToken: string
  profile: Profile
}
