import { useRouter } from '@tanstack/react-router'
import { useId } from 'react'

import { activateLocale, isLocale, type Locale, LOCALE_NAMES, LOCALES, localizePath, rememberLocale, t, useI18n } from '@/lib/i18n'

/** Switches the language and stays on the same page (its address gains or loses the locale prefix). */
export function LanguagePicker() {
  const { locale } = useI18n()
  const router = useRouter()
  const id = useId()

  const switchTo = async (next: Locale) => {
    rememberLocale(next)
    await activateLocale(next)
    const { pathname, searchStr, hash } = router.state.location
    router.history.push(`${localizePath(pathname, next)}${searchStr}${hash ? `#${hash}` : ''}`)
  }

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
