/**
 * Product features some modals depend on (spec section 2). Operator configuration in production; the
 * sandbox turns both on.
 */
export type Feature = 'authorization' | 'profileConfirmed' | 'quests' | 'loyalty'

/** Typed as switches, not constants: an operator's build may turn any of them off. */
export const features: Readonly<Record<Feature, boolean>> = {
  /** E-mail and password authorization: forgot-pass, reset-pass, confirm-email, reset-email-send. */
  authorization: true,
  /** Profile confirmation: the confirm modal. */
  profileConfirmed: true,
  /** Quests (spec section 4: loaded after login and refreshed on an account switch "if enabled"). */
  quests: true,
  /** The loyalty programme (spec section 4: loaded after login "if enabled"). */
  loyalty: true,
}
