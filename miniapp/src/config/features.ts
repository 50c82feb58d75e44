/**
 * Product features some modals depend on (spec section 2). Operator configuration in production; the
 * sandbox enables password authorization and leaves profile confirmation off.
 */
export const features = {
  /** E-mail and password authorization: forgot-pass, reset-pass, confirm-email, reset-email-send. */
  authorization: true,
  /** Profile confirmation: the confirm modal. */
  profileConfirmed: false,
} as const

export type Feature = keyof typeof features
