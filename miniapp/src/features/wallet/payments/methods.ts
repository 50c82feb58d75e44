import type { Schemas } from '@/lib/api-types'

export type PaymentMethod = Schemas['PaymentMethod']
export type PaymentMethodGroup = Schemas['Group']

/** Spec section 9, "Popular payment method names": the methods shown with their own icon. */
const POPULAR_METHOD_NAMES = [
  'bitcoin',
  'ethereum',
  'tether',
  'tron',
  'visa',
  'gpay',
  'masterCard',
  'cashAgent',
  'uzcard',
  'neteller',
  'astroPay',
  'bankTransfer',
  'skrill',
  'jeton',
] as const

export type PopularMethodName = (typeof POPULAR_METHOD_NAMES)[number]

export function popularName(method: Pick<PaymentMethod, 'name'>): PopularMethodName | undefined {
  return (POPULAR_METHOD_NAMES as readonly string[]).includes(method.name) ? (method.name as PopularMethodName) : undefined
}

/** How a deposit through a method is paid: the provider's page, an address to send coins to, or a cash agent's reference. */
export type MethodShape = 'redirect' | 'crypto' | 'cashAgent'

export function methodShape(method: Pick<PaymentMethod, 'kind'>): MethodShape {
  if (method.kind === 'crypto') return 'crypto'
  if (method.kind === 'cash') return 'cashAgent'
  return 'redirect'
}

/**
 * The groups as the platform returns them, manual agents first (spec section 9, "Payment method order"):
 * a group holding a cash agent moves ahead, the rest keep the platform's order; empty groups go.
 */
export function orderGroups(groups: readonly PaymentMethodGroup[]): PaymentMethodGroup[] {
  const manual = (group: PaymentMethodGroup) => group.paymentMethods.some((method) => methodShape(method) === 'cashAgent')
  const filled = groups.filter((group) => group.paymentMethods.length > 0)
  return [...filled.filter(manual), ...filled.filter((group) => !manual(group))]
}

/** The method the form starts with: the one chosen before if still offered, else the first. */
export function initialMethod(groups: readonly PaymentMethodGroup[], previous?: string): PaymentMethod | undefined {
  const methods = groups.flatMap((group) => group.paymentMethods)
  return methods.find((method) => method.id === previous) ?? methods[0]
}

/** A method's fee, for display: its percent when the provider charges one (`"1.5"`), else undefined. */
export function feePercent(method: Pick<PaymentMethod, 'fee'>): string | undefined {
  const percent = method.fee.percent.trim()
  return /^0*(?:\.0*)?$/.test(percent) ? undefined : percent
}
