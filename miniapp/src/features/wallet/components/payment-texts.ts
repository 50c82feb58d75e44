import type { AmountProblem } from '@/features/wallet/payments/amount'
import type { AddressProblem } from '@/features/wallet/payments/crypto-address'
import { t } from '@/lib/i18n'

/** The inline message of an amount the method or the balance refuses. */
export function amountMessage(problem: AmountProblem, format: (amount: number) => string): string {
  switch (problem.kind) {
    case 'required':
      return t('Enter an amount.')
    case 'belowMinimum':
      return t('The smallest amount for this method is {min}.', { min: format(problem.min) })
    case 'aboveMaximum':
      return t('The largest amount for this method is {max}.', { max: format(problem.max) })
    case 'aboveBalance':
      return t('Your balance is {balance}: enter at most that.', { balance: format(problem.balance) })
  }
}

export function addressMessage(problem: AddressProblem, network: string | undefined): string {
  return problem === 'required'
    ? t('Enter the wallet address.')
    : t('This is not a {network} address. Check it and try again.', { network: network ?? t('crypto') })
}

/** Spec section 8, code 13100: deposits are blocked by the player's deposit limit (or a self-exclusion). */
export const DEPOSIT_LIMIT_REACHED = '13100'
