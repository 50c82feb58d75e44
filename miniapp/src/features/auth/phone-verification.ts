import { sendEmailCode } from '@/features/auth/api/email-codes'
import { attachPhone, type PhoneRegistration, registerByPhone, signInWithPhoneCode } from '@/features/auth/api/phone-codes'
import { type CodeSent, sendPhoneCode } from '@/features/auth/api/send-phone-code'
import { signIn } from '@/features/auth/api/sign-in'
import { trackRegistration } from '@/lib/analytics'
import type { Profile, SessionResponse } from '@/lib/api-types'

/**
 * What a phone's one-time code is for, and how it is used. The code-verify modal knows only the number
 * (its query value); a sign-up's other fields wait here, in memory only since they hold a password.
 * After a reload the sign-up is forgotten and the code signs in instead.
 */

/** A phone sign-up waiting for its code: everything but the code. */
export type PendingRegistration = Omit<PhoneRegistration, 'code'>

let pending: PendingRegistration | undefined
const resendAllowedAt = new Map<string, number>()

/** Notes a code sent to `recipient` (a phone or an e-mail address), so a resend waits as long as the platform asks. */
export function noteCodeSent(recipient: string, sent: CodeSent, now = Date.now()): void {
  resendAllowedAt.set(recipient, now + sent.retryAfter * 1000)
}

/** Seconds until another code may be sent to `recipient` (0 when unknown: the platform still refuses too-early resends). */
export function resendWait(recipient: string, now = Date.now()): number {
  return Math.max(0, Math.ceil(((resendAllowedAt.get(recipient) ?? now) - now) / 1000))
}

/** A code-verify value that is an e-mail address: its code signs a guest in (phone numbers have no `@`). */
export function isEmailRecipient(recipient: string): boolean {
  return recipient.includes('@')
}

export async function resendEmailCode(email: string): Promise<CodeSent> {
  const sent = await sendEmailCode(email)
  noteCodeSent(email, sent)
  return sent
}

export async function resendPhoneCode(phone: string): Promise<CodeSent> {
  const sent = await sendPhoneCode(phone)
  noteCodeSent(phone, sent)
  return sent
}

/** Texts the code that proves a phone sign-up's number, and keeps the sign-up for it; answers the number. */
export async function startPhoneSignUp(registration: PendingRegistration): Promise<string> {
  const sent = await sendPhoneCode(registration.phone)
  noteCodeSent(registration.phone, sent)
  pending = registration
  return registration.phone
}

export function pendingRegistrationFor(phone: string): PendingRegistration | undefined {
  return pending?.phone === phone ? pending : undefined
}

export type PhoneVerified = { kind: 'signedIn'; session: SessionResponse } | { kind: 'attached'; profile: Profile }

/**
 * Uses a code sent to `phone`: completes a waiting sign-up and signs the new player in with the number
 * and password; otherwise signs a guest in, or attaches the number to a signed-in player's profile.
 */
export async function verifyPhoneCode(phone: string, code: string, signedIn: boolean): Promise<PhoneVerified> {
  if (signedIn) return { kind: 'attached', profile: await attachPhone(phone, code) }
  const registration = pendingRegistrationFor(phone)
  if (!registration) return { kind: 'signedIn', session: await signInWithPhoneCode(phone, code) }
  try {
    await registerByPhone({ ...registration, code })
  } catch (error) {
    trackRegistration(false)
    throw error
  }
  trackRegistration(true)
  pending = undefined
  return { kind: 'signedIn', session: await signIn({ login: phone, password: registration.password }) }
}
