import { currentLocale, LOCALE_TAGS } from '@/lib/i18n'

/** A timestamp of the platform (`2026-11-23T18:25:30.123Z`) as a local date and time; the raw text if it is no date. */
export function formatWhen(timestamp: string): string {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return timestamp
  return new Intl.DateTimeFormat(LOCALE_TAGS[currentLocale()], { dateStyle: 'medium', timeStyle: 'short' }).format(date)
}
