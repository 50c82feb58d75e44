import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { currencies } from '@/test/fixtures'

export const settingsHandlers = [
  http.get('/api/settings/currencies', () => HttpResponse.json({ data: currencies } satisfies Schemas['List_Currency'])),
]
