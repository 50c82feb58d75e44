import { RouteError } from '@/components/route-error'
import { t } from '@/lib/i18n'

/** A casino page whose data did not load: say so and offer a retry. */
export function CasinoRouteError() {
  return <RouteError title={t('This page did not load')} />
}
