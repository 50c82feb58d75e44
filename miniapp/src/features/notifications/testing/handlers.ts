import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'
import { withSession } from '@/test/msw/signed-in'

const emptyPage = (): Schemas['FeedPage'] => ({ data: [], meta: { page: 1, perPage: 20, totalPages: 0, totalRows: 0, totalUnread: 0 } })

/** Both feeds empty; reads answer no unread left. */
export const notificationsHandlers = [
  http.get(
    '/api/notification/messenger/messages',
    withSession(() => HttpResponse.json(emptyPage())),
  ),
  http.get(
    '/api/notification/pushes',
    withSession(() => HttpResponse.json(emptyPage())),
  ),
  http.post(
    '/api/notification/pushes/read',
    withSession(() => HttpResponse.json({ changed: 1, totalUnread: 0 } satisfies Schemas['FeedChange'])),
  ),
]
