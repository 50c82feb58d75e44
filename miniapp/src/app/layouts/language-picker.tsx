import { useId } from 'react'

import { isLocale, LOCALE_NAMES, LOCALES, t, useI18n, useSwitchLocale } from '@/lib/i18n'

/** Switches the language and stays on the same page (its address gains or loses the locale prefix). */
export function LanguagePicker() {
  const { locale } = useI18n()
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
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  )
}
