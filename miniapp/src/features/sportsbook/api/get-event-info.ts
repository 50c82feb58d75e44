import { queryOptions } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { EventInfo } from '@/features/sportsbook/sport-path'

/** One event with its championship, category and sport (`GET /game/sport/events/{id}`, public). */
function getEventInfo(eventId: number, signal?: AbortSignal): Promise<EventInfo> {
  return apiRequest<EventInfo>(`/game/sport/events/${String(eventId)}`, { signal, auth: 'none' })
}

export function eventInfoQueryOptions(eventId: number) {
  return queryOptions({
    queryKey: ['sportsbook', 'event-info', eventId],
    queryFn: ({ signal }) => getEventInfo(eventId, signal),
    // An event's names and place do not change; its odds live in the widget.
    staleTime: 10 * 60_000,
  })
}
