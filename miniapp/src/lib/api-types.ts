import type { components } from '@/lib/api/schema'

/**
 * The platform's schemas, generated from its OpenAPI document (`npm run api:types`); a Rust test keeps
 * the committed document equal to what the platform serves. Every API type of the client comes from
 * here: a response shape is never written by hand.
 */
export type Schemas = components['schemas']

/** Paging of a list, as the platform documents it. */
export type PageMeta = Schemas['PageMeta']

/** The player's profile, as sign-in calls and `GET /player/profile` answer it. */
export type Profile = Schemas['Profile']

/** What every sign-in call answers. */
export type SessionResponse = Schemas['SessionResponse']

/** A wallet account: balance in integer minor units; status 1 is the active account. */
export type Account = Schemas['Account']

/** A game collection; `countries` limits it to those countries (empty: everywhere). */
export type GameCollection = Schemas['Collection']

export type Game = Schemas['Game']

/** A currency: `type` is `fiat` or `crypto`; `rate.rate` the value of one unit in the base currency. */
export type Currency = Schemas['Currency']

export type Country = Schemas['Country']
export type Locale = Schemas['Locale']
