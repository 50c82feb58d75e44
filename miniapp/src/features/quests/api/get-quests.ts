import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Quest } from '@/features/quests/states'
import { apiList } from '@/lib/api-client'
import { type Constants, constantsQueryOptions } from '@/lib/settings'

/**
 * `GET /retention/quests?state=1,2&currency=…`: the player's issued and active quests (spec section 9,
 * quest state filter, numbered as the platform's constants say), their rewards priced in the active
 * account's currency (spec section 7).
 */
function getQuests({ questStates }: Constants, currency: string | undefined, signal?: AbortSignal): Promise<Quest[]> {
  const query = { state: [questStates.issued, questStates.active].join(','), ...(currency === undefined ? {} : { currency }) }
  return apiList<Quest>('/retention/quests', { query, signal })
}

/**
 * `['retention', 'quests', currency]`: a switch to another currency is another list; the wallet refreshes
 * every currency's after a switch through the prefix.
 */
export function questsQueryOptions(currency: string | undefined) {
  return queryOptions({
    queryKey: ['retention', 'quests', currency],
    queryFn: async ({ client, signal }) => getQuests(await client.query(constantsQueryOptions()), currency, signal),
  })
}

/** The quests in `currency`, once it is known. */
export function useQuests(currency: string | undefined, enabled = true) {
  return useQuery({ ...questsQueryOptions(currency), enabled: enabled && currency !== undefined })
}
