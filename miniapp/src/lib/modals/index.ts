import { useNavigate } from '@tanstack/react-router'
import { type LazyExoticComponent, type ReactNode, useMemo } from 'react'

import { MODAL_Z_INDEX_BASE, MODAL_Z_INDEX_STEP } from '@/config/constants'
import { type Feature, features } from '@/config/features'

/** Who may see a modal (spec section 2): guests only, signed-in players only, or anyone. */
type ModalAudience = 'guest' | 'signedIn' | 'anyone'

export interface ModalRule {
  audience: ModalAudience
  /** A product feature that must be on. */
  feature?: Feature
}

const guest: ModalRule = { audience: 'guest' }
const signedIn: ModalRule = { audience: 'signedIn' }
const anyone: ModalRule = { audience: 'anyone' }

/** Every modal the URL query can open, with its access rule. */
export const MODAL_RULES = {
  'add-limit': anyone,
  'affiliate-program': anyone,
  avatars: signedIn,
  'bonus-cancel-lock': anyone,
  'bonus-condition': anyone,
  'bonus-details': anyone,
  'cancel-deposit': anyone,
  categories: anyone,
  'change-nickname': signedIn,
  'change-pass': signedIn,
  'code-verify': anyone,
  'confirm-bonus': anyone,
  'confirm-bonus-unsettled': anyone,
  'confirm-delete-limit': anyone,
  'confirm-email': { audience: 'signedIn', feature: 'authorization' },
  'confirm-limit-update': anyone,
  'confirm-session-logout': signedIn,
  confirm: { audience: 'signedIn', feature: 'profileConfirmed' },
  'cookie-request': anyone,
  'demo-game': anyone,
  'demo-unavailable': anyone,
  'deposit-error': signedIn,
  'deposit-success': signedIn,
  'deposit-status': anyone,
  'edit-limit': anyone,
  email: signedIn,
  fiat: signedIn,
  'forgot-pass': { audience: 'guest', feature: 'authorization' },
  'game-geo-restricted': anyone,
  'game-limit-reached': anyone,
  'games-filter': anyone,
  'geo-popup': anyone,
  'get-code': anyone,
  'global-search': anyone,
  'install-app': anyone,
  loyaltyLevel: anyone,
  'mobile-game': anyone,
  'package-bonus': anyone,
  phone: signedIn,
  'quest-rewards': anyone,
  'quest-task-games': anyone,
  'quest-tasks': anyone,
  'quests-hub': anyone,
  'referral-transfer': signedIn,
  'reset-email-send': { audience: 'guest', feature: 'authorization' },
  'reset-pass': { audience: 'guest', feature: 'authorization' },
  'sign-in': guest,
  'sign-up': guest,
  'tg-news': anyone,
  'telegram-news': anyone,
  'wallet-bonus-info': anyone,
  'wallet-telegram-app': signedIn,
  wallet: signedIn,
} as const satisfies Record<string, ModalRule>

export type ModalKey = keyof typeof MODAL_RULES

/** A modal's query value: `true`, or a value the modal reads (the wallet's tab, a bonus id). */
export type ModalValue = true | string

export type ModalSearch = Partial<Record<ModalKey, ModalValue>>

/** What every URL modal is drawn with: its query value and its place in the stack. */
export interface ModalProps {
  value: ModalValue
  zIndex: number
}

/**
 * A feature's modals: lazy components by key, so forms and validation load with the modal, never with the
 * page. Each feature exports one (`authModals = { ... } satisfies ModalMap`); the app merges them.
 */
export type ModalMap = Partial<Record<ModalKey, LazyExoticComponent<(props: ModalProps) => ReactNode>>>

function isModalKey(key: string): key is ModalKey {
  return Object.hasOwn(MODAL_RULES, key)
}

/** The modal keys of a parsed query with usable values; the root route's search validation. */
export function parseModalSearch(search: Record<string, unknown>): ModalSearch {
  const modals: ModalSearch = {}
  for (const [key, value] of Object.entries(search)) {
    if (!isModalKey(key)) continue
    if (value === true || value === 'true') modals[key] = true
    else if (typeof value === 'string' && value !== '') modals[key] = value
    else if (typeof value === 'number') modals[key] = String(value)
  }
  return modals
}

/** The open modals of a query, in query order (later ones stack above earlier ones). */
export function openModals(search: Record<string, unknown>): [ModalKey, ModalValue][] {
  return Object.entries(parseModalSearch(search)) as [ModalKey, ModalValue][]
}

/**
 * Whether a viewer may see a modal: its audience and the feature it depends on (unless `featureExempt`:
 * the app's own question riding on a key whose feature is the operator's).
 */
export function canOpenModal(key: ModalKey, viewer: { signedIn: boolean }, featureExempt = false): boolean {
  const rule: ModalRule = MODAL_RULES[key]
  if (rule.feature && !features[rule.feature] && !featureExempt) return false
  if (rule.audience === 'guest') return !viewer.signedIn
  if (rule.audience === 'signedIn') return viewer.signedIn
  return true
}

/** The z-index of the modal at `depth` in the stack (0 is the bottom): 1000, 1002, ... */
export function modalZIndex(depth: number): number {
  return MODAL_Z_INDEX_BASE + MODAL_Z_INDEX_STEP * depth
}

/**
 * Query keys of a page's own place, not modals: the sport pages' (spec section 2: "the sport page keeps its
 * query when a modal closes"). They stay while modals open and close.
 */
export const PAGE_QUERY_KEYS = ['eventId', 'categoryIds', 'championshipIds'] as const

/**
 * The query that opens `key`: it replaces the whole query, which closes every other URL modal, and keeps
 * only the page's own place (`PAGE_QUERY_KEYS`) of `previous`.
 */
export function modalSearch(key: ModalKey, value: ModalValue = true, previous: Record<string, unknown> = {}): ModalSearch {
  const kept = Object.entries(previous).filter(([name]) => (PAGE_QUERY_KEYS as readonly string[]).includes(name))
  // The page's keys belong to its own route's search; the callers pass the whole query on.
  return { ...Object.fromEntries(kept), [key]: value }
}

/** The query without `key`. */
export function withoutModal(search: Record<string, unknown>, key: ModalKey): Record<string, unknown> {
  return Object.fromEntries(Object.entries(search).filter(([name]) => name !== key))
}

/** Opens and closes URL modals on the current page. */
export function useModals() {
  const navigate = useNavigate()
  return useMemo(
    () => ({
      open: (key: ModalKey, value: ModalValue = true) =>
        navigate({ to: '.', search: ((previous: Record<string, unknown>) => modalSearch(key, value, previous)) as never }),
      close: (key: ModalKey, options: { replace?: boolean } = {}) =>
        navigate({
          to: '.',
          search: ((previous: Record<string, unknown>) => withoutModal(previous, key)) as never,
          replace: options.replace ?? false,
        }),
    }),
    [navigate],
  )
}
