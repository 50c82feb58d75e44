import type { components } from '@/lib/api/schema'

/**
 * The platform's schemas, generated from its OpenAPI document (`npm run api:types`); a Rust test keeps
 * the committed document equal to what the platform serves.
 */
export type Schemas = components['schemas']

/** The platform wraps every list in `data`. */
export interface ListResponse<T> {
  data: T[]
}

/** Paging of a list, as the platform documents it. */
export type PageMeta = Schemas['PageMeta']

export interface PagedResponse<T> extends ListResponse<T> {
  meta: PageMeta
}

/** The player's profile, as sign-in calls and `GET /player/profile` answer it. */
export type Profile = Schemas['Profile']

/** What every sign-in call answers. */
export type SessionResponse = Schemas['SessionResponse']

/** A wallet account: balance in integer minor units; status 1 is the active account. */
export type Account = Schemas['Account']
