import { t } from '@/lib/i18n'

/** A quest state in words. */
export function questStateLabel(state: number): string {
  const labels: Record<number, string> = {
    1: t('Not started'),
    2: t('In progress'),
    3: t('Completed'),
    5: t('Expired'),
    6: t('Cancelled'),
  }
  return labels[state] ?? t('Updated')
}
