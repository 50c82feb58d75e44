import { http, HttpResponse } from 'msw'

import type { Schemas } from '@/lib/api-types'

/** The sandbox platform's registration scenario (`platform/src/seed/registration.rs`), as it serves it. */
export const registrationScenario: Schemas['FieldRules'][] = [
  { field: 'email', isRequired: true, rules: [{ rule: 'email' }] },
  { field: 'password', isRequired: true, rules: [{ rule: 'minLength', value: 8 }] },
  { field: 'currency', isRequired: false, rules: [] },
  { field: 'nickname', isRequired: false, rules: [{ rule: 'minLength', value: 3 }, { rule: 'maxLength', value: 24 }, { rule: 'alpha_dash' }] },
  { field: 'phone', isRequired: false, rules: [{ rule: 'phone' }], mask: '+#################' },
  { field: 'country', isRequired: false, rules: [{ rule: 'countryCode' }] },
  { field: 'bonusCode', isRequired: false, rules: [{ rule: 'maxLength', value: 50 }] },
  { field: 'receiveEmailPromo', isRequired: false, rules: [] },
  { field: 'receiveSmsPromo', isRequired: false, rules: [] },
  { field: 'receiveBonus', isRequired: false, rules: [] },
  { field: 'agreements', isRequired: true, rules: [{ rule: 'accepted' }] },
]

/** `GET /player/fields/validations?scenario=registration`; other scenarios are left to their features. */
export function registrationScenarioHandler(scenario: readonly Schemas['FieldRules'][] = registrationScenario) {
  return http.get('/api/player/fields/validations', ({ request }) =>
    new URL(request.url).searchParams.get('scenario') === 'registration' ? HttpResponse.json({ data: scenario }) : undefined,
  )
}

export const authHandlers = [registrationScenarioHandler()]
