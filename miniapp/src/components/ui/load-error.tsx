import { Button } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import { t } from '@/lib/i18n'

/** A list or panel that did not load: what failed, and Retry. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <StateMessage
      role="alert"
      title={title}
      description={t('Check your connection and try again.')}
      action={<Button onClick={onRetry}>{t('Retry')}</Button>}
    />
  )
}
