import { LoadError } from '@/components/ui/load-error'
import { StateMessage } from '@/components/ui/state-message'
import { t } from '@/lib/i18n'

/** The body of a bonus modal whose bonus is loading, did not load, or is no longer held. */
export function HeldDialogState({ status, onRetry }: { status: 'pending' | 'error' | 'missing'; onRetry: () => void }) {
  if (status === 'pending') return <div aria-hidden="true" className="skeleton h-24 rounded-xl" />
  if (status === 'error') return <LoadError title={t('Your bonuses did not load')} onRetry={onRetry} />
  return (
    <StateMessage
      title={t('This bonus is no longer available')}
      description={t('It may have been used, cancelled or expired. See your current bonuses.')}
    />
  )
}
