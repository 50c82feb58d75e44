import { invisibleCaptchaToken } from '@/lib/captcha'

/**
 * A registration (by e-mail or phone) with its captcha token: the checkbox's comes with the form; an
 * invisible captcha's is taken now, at sending.
 */
export async function withCaptcha<Body extends { captcha?: string | null }>(registration: Body): Promise<Body> {
  const invisible = registration.captcha === undefined ? await invisibleCaptchaToken() : undefined
  return invisible ? { ...registration, captcha: invisible } : registration
}
