import { Link } from '@tanstack/react-router'

import { buttonClassName } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
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

/**
 * No methods to show (spec section 8: a methods failure is an empty list): after a failure a retry, else
 * the next step, another account on the wallet page.
 */
export function NoMethods({ failed, onRetry, title, description }: { failed: boolean; onRetry: () => void; title: string; description: string }) {
  if (failed) return <RetryState title={t('Payment methods could not be loaded')} onRetry={onRetry} />
  return (
    <StateMessage
      title={title}
      description={description}
      action={
        <Link to="/$" params={{ _splat: 'wallet' }} className={buttonClassName('secondary')}>
          {t('Open wallet')}
        </Link>
      }
    />
  )
}
