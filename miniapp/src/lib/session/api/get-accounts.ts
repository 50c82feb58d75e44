import type { Account } from '@/lib/session/types'
import { apiRequest } from '@/lib/api-client'
import type { ListResponse } from '@/lib/api-types'

/** The player's wallet accounts; they live in the session state, which real-time updates replace. */
export async function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  const response = await apiRequest<ListResponse<Account>>('/wallet/accounts', { signal })
  return response.data
}
