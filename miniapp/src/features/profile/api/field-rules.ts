import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type ServerFieldRules = Schemas['FieldRules']

function getProfileFieldRules(signal?: AbortSignal): Promise<ServerFieldRules[]> {
  return apiList<ServerFieldRules>('/player/fields/validations', { query: { scenario: 'profile' }, signal })
}

/** The operator's rules for the profile form (`scenario=profile`): which fields it asks for and which are required. */
function profileFieldRulesQueryOptions() {
  return queryOptions({
    queryKey: ['player', 'field-rules', 'profile'],
    queryFn: ({ signal }) => getProfileFieldRules(signal),
    // Operator configuration: it changes between releases, not between screens.
    staleTime: 15 * 60_000,
  })
}

export function useProfileFieldRules() {
  return useQuery(profileFieldRulesQueryOptions())
}
