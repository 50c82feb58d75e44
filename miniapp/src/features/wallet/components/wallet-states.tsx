import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'

import { buttonClassName } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import type { PaymentDirection } from '@/features/wallet/api/get-payment-methods'
import { orderGroups, type PaymentMethodGroup } from '@/features/wallet/payments/methods'
import { t } from '@/lib/i18n'

/** Something the wallet needs did not load: what failed, and a retry. */
export function RetryState({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <StateMessage
      role="alert"
      title={title}
      description={t('Check your connection and try again.')}
      action={
        <button type="button" className={buttonClassName('secondary')} onClick={onRetry}>
          {t('Retry')}
        </button>
      }
    />
  )
}

type MethodsQuery = Pick<UseQueryResult<PaymentMethodGroup[]>, 'data' | 'isError' | 'refetch'>

/** The method groups to offer, in their order; spec section 8: any failure of the methods is an empty list. */
export function offeredGroups(methods: MethodsQuery): PaymentMethodGroup[] {
  return methods.isError ? [] : orderGroups(methods.data ?? [])
}

/**
 * No methods to show (`offeredGroups` is empty): after a failure a retry, else the next step, another
 * account on the wallet page.
 */
export function NoMethods({ methods, direction, currency }: { methods: MethodsQuery; direction: PaymentDirection; currency: string }) {
  if (methods.isError) return <RetryState title={t('Payment methods could not be loaded')} onRetry={() => void methods.refetch()} />
  return (
    <StateMessage
      title={
        direction === 'deposit'
          ? t('No deposit methods for {currency}', { currency })
          : t('No withdrawal methods for {currency}', { currency })
      }
      description={
        direction === 'deposit'
          ? t('Switch to another account on the wallet page to deposit in its currency.')
          : t('Switch to another account on the wallet page to withdraw in its currency.')
      }
      action={
        <Link to="/$" params={{ _splat: 'wallet' }} className={buttonClassName('secondary')}>
          {t('Open wallet')}
        </Link>
      }
    />
  )
}
