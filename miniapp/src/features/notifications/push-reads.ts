import type { QueryClient } from '@tanstack/react-query'

import { allPushPagesQueryKey, sendPushesRead } from '@/features/notifications/api/pushes'
import { type FeedPage, withRead } from '@/features/notifications/feed'
import { PushReadBatch } from '@/features/notifications/push-read-batch'

/** How long read pushes wait for others before one call sends them all. */
const PUSH_READ_BATCH_MS = 2000

/** The one batch of the signed-in player's read pushes. */
export const pushReads = new PushReadBatch(sendPushesRead, PUSH_READ_BATCH_MS)

/** Reads a push: unread falls by one on screen at once; its id waits in the batch (spec section 4). */
export function readPush(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<FeedPage>({ queryKey: allPushPagesQueryKey }, (page) => withRead(page, [id], new Date().toISOString()))
  pushReads.queue(id)
}
