import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'

import { Button } from '@/components/ui/button'
import { StateMessage } from '@/components/ui/state-message'
import { t } from '@/lib/i18n'

/** A route whose data did not load: say so and offer a retry (the route's loaders again). */
export function RouteError({ title }: { title: string }) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()
  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  return (
    <StateMessage
      role="alert"
      title={title}
      description={t('Check your connection and try again.')}
      action={<Button onClick={() => void router.invalidate()}>{t('Retry')}</Button>}
    />
  )
}
