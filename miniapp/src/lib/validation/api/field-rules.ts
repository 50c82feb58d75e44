import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiList } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** The forms whose fields and rules the operator sets (spec section 5). */
export type FieldScenario = 'profile' | 'registration'

type ServerFieldRules = Schemas['FieldRules']

function getFieldRules(scenario: FieldScenario, signal?: AbortSignal): Promise<ServerFieldRules[]> {
  return apiList<ServerFieldRules>('/player/fields/validations', { query: { scenario }, signal })
}

/** `GET /player/fields/validations?scenario=…`: which fields a form asks for, in order, with their rules and masks. */
function fieldRulesQueryOptions(scenario: FieldScenario) {
  return queryOptions({
    queryKey: ['player', 'field-rules', scenario],
    queryFn: ({ signal }) => getFieldRules(scenario, signal),
    // Operator configuration: it changes between releases, not between screens.
    staleTime: 15 * 60_000,
  })
}

export function useFieldRules(scenario: FieldScenario) {
  return useQuery(fieldRulesQueryOptions(scenario))
}
