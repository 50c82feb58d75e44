import { useEffect } from 'react'

import { isLocale, type Locale, useI18n } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { useVisitorGeo, type VisitorGeo } from '@/lib/settings'

/** The country `geo-popup` was last shown for: it shows once per country, not on every visit. */
const GEO_POPUP_SHOWN_KEY = 'geoPopupShown'

/** The locale the visitor's country speaks, when the site has it and it is not the one shown (offered once, never imposed). */
export function fittingLocale(geo: VisitorGeo, shown: Locale): Locale | undefined {
  return geo.locale !== null && isLocale(geo.locale) && geo.locale !== shown ? geo.locale : undefined
}

/** Whether `geo-popup` is due: the country is known, not yet told, and restricted or better served in another locale. */
export function geoPopupDue(geo: VisitorGeo, shown: Locale, shownFor: string | null): boolean {
  if (geo.country === null || geo.country === shownFor) return false
  return geo.restricted || fittingLocale(geo, shown) !== undefined
}

function shownFor(): string | null {
  try {
    return localStorage.getItem(GEO_POPUP_SHOWN_KEY)
  } catch {
    return null
  }
}

/** Opens `geo-popup` once for the visitor's country when it is restricted or another locale fits it. */
export function GeoNotice() {
  const geo = useVisitorGeo()
  const { locale } = useI18n()
  const modals = useModals()
  const data = geo.data
  useEffect(() => {
    const country = data?.country
    if (!data || !country || !geoPopupDue(data, locale, shownFor())) return
    try {
      localStorage.setItem(GEO_POPUP_SHOWN_KEY, country)
    } catch {
      // Storage refused: the notice may show again next visit, which is better than never.
    }
    void modals.open('geo-popup', country)
  }, [data, locale, modals])
  return null
}
