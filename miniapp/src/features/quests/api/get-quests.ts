import { queryOptions, useQuery } from '@tanstack/react-query'

import { QUEST_STATE_FILTER } from '@/config/constants'
import type { Quest } from '@/features/quests/states'
import { apiList } from '@/lib/api-client'

/** `GET /retention/quests?state=1,2`: the player's issued and active quests (spec section 9, quest state filter). */
function getQuests(signal?: AbortSignal): Promise<Quest[]> {
  return apiList<Quest>('/retention/quests', { query: { state: QUEST_STATE_FILTER.join(',') }, signal })
}

/** `['retention', 'quests']`: the wallet refreshes it after an account switch (rewards are priced in the active currency). */
export function questsQueryOptions() {
  return queryOptions({
    queryKey: ['retention', 'quests'],
    queryFn: ({ signal }) => getQuests(signal),
  })
}

export function useQuests(enabled = true) {
  return useQuery({ ...questsQueryOptions(), enabled })
}
