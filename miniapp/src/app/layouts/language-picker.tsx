import { useId } from 'react'

import { isLocale, t, useI18n, useSwitchLocale } from '@/lib/i18n'
import { useOfferedLocales } from '@/lib/settings'

/**
 * Switches the language and stays on the same page (its address gains or loses the locale prefix); the
 * languages are the platform's (`GET /settings/locales`).
 */
export function LanguagePicker() {
  const { locale } = useI18n()
  const offered = useOfferedLocales()
  const switchTo = useSwitchLocale()
  const id = useId()

  return (
    <div className="flex items-center justify-center gap-2 px-4 py-6 text-sm text-hint">
      <label htmlFor={id}>{t('Language')}</label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void switchTo(event.target.value)
        }}
        className="min-h-11 rounded-xl border border-section bg-surface px-3 text-fg"
      >
        {offered.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  )
}
