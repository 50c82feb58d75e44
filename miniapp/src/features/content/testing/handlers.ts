import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'

/** The operator's texts every page's footer lists, and the questions (public calls). */
export const contentHandlers = [
  http.get('/api/content/pages', () =>
    HttpResponse.json({
      data: [
        { slug: 'terms', locale: 'en', title: 'Terms and conditions' },
        { slug: 'privacy-policy', locale: 'en', title: 'Privacy policy' },
      ],
    } satisfies Schemas['List_ContentSummary']),
  ),
  http.get('/api/content/faq', () =>
    HttpResponse.json({
      data: [{ slug: 'withdrawal-time', locale: 'en', title: 'How long does a withdrawal take?', body: 'Usually **a few minutes**.' }],
    } satisfies Schemas['List_ContentEntry']),
  ),
]
