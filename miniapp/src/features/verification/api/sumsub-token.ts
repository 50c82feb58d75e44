import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** `POST /player/services/sumsub/auth`: a fresh access token for the verification service's web SDK (10 minutes). */
export async function getSumsubToken(): Promise<string> {
  return (await apiRequest<Schemas['SumsubToken']>('/player/services/sumsub/auth', { method: 'POST' })).token
}
