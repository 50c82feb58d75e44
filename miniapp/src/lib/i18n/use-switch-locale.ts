import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'

import { activateLocale, rememberLocale } from '@/lib/i18n/i18n'
import { type Locale, localizePath } from '@/lib/i18n/locales'

/** Switches the language and stays on the same page (its address gains or loses the locale prefix). */
export function useSwitchLocale(): (next: Locale) => Promise<void> {
  const router = useRouter()
  return useCallback(
    async (next: Locale) => {
      rememberLocale(next)
      await activateLocale(next)
      const { pathname, searchStr, hash } = router.state.location
      router.history.push(`${localizePath(pathname, next)}${searchStr}${hash ? `#${hash}` : ''}`)
    },
    [router],
  )
}
