import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import type { VisitorGeo } from '@/lib/settings'
import { constants, currencies } from '@/test/fixtures'

/** The sandbox's locales, and one the client has no catalogue for. */
export const locales: Schemas['Locale'][] = [
  { code: 'en', localeCode: 'en-US', name: 'English', isDefault: true },
  { code: 'ru', localeCode: 'ru-RU', name: 'Русский', isDefault: false },
  { code: 'es', localeCode: 'es-ES', name: 'Español', isDefault: false },
  { code: 'pt-br', localeCode: 'pt-BR', name: 'Português (Brasil)', isDefault: false },
  { code: 'de', localeCode: 'de-DE', name: 'Deutsch', isDefault: false },
]

/** A few of the sandbox's countries. */
const countries: Schemas['Country'][] = [
  { code: 'BR', name: 'Brazil', locale: 'pt-br' },
  { code: 'DE', name: 'Germany', locale: 'de' },
  { code: 'PT', name: 'Portugal', locale: 'pt' },
]

export const settingsHandlers = [
  http.get('/api/settings/constants', () => HttpResponse.json(constants)),
  http.get('/api/settings/countries', () => HttpResponse.json({ data: countries } satisfies Schemas['List_Country'])),
  http.get('/api/settings/currencies', () => HttpResponse.json({ data: currencies } satisfies Schemas['List_Currency'])),
  http.get('/api/settings/locales', () => HttpResponse.json({ data: locales } satisfies Schemas['List_Locale'])),
  // A visitor whose country the CDN does not name: no geo notice.
  http.get('/api/settings/geo', () => HttpResponse.json({ country: null, restricted: false, locale: null } satisfies VisitorGeo)),
]
