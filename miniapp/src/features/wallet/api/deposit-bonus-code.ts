import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { apiList, apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

/** Spec section 9, "Deposit bonus code trigger: 3": the code waits for the next deposit. */
const DEPOSIT_BONUS_CODE_TRIGGER = 3

export type PlayerBonusCode = Schemas['PlayerBonusCode']

/** `GET /game/bonuses/bonuscodes?trigger=3`: the deposit codes the player applied that wait for a deposit. */
function getDepositBonusCodes(signal?: AbortSignal): Promise<PlayerBonusCode[]> {
  return apiList<PlayerBonusCode>('/game/bonuses/bonuscodes', { query: { trigger: DEPOSIT_BONUS_CODE_TRIGGER }, signal })
}

export function depositBonusCodeQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'deposit-bonus-code'],
    queryFn: ({ signal }) => getDepositBonusCodes(signal),
  })
}

export function useDepositBonusCode() {
  return useQuery(depositBonusCodeQueryOptions())
}

/** `POST /game/bonuses/bonuscodes`: a refusal carries `status` 3 or 4 (`BonusCodeRefusal`). */
function applyDepositBonusCode(bonusCode: string): Promise<PlayerBonusCode> {
  return apiRequest<PlayerBonusCode>('/game/bonuses/bonuscodes', {
    method: 'POST',
    body: { bonusCode, trigger: DEPOSIT_BONUS_CODE_TRIGGER } satisfies Schemas['ApplyCode'],
  })
}

/** `DELETE /game/bonuses/bonuscodes`: removes a code still waiting for its deposit. */
async function removeDepositBonusCode(playerBonusCodeId: number): Promise<undefined> {
  await apiRequest<unknown>('/game/bonuses/bonuscodes', { method: 'DELETE', body: { playerBonusCodeId } satisfies Schemas['RemoveCode'] })
  return undefined
}

export function useApplyDepositBonusCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: applyDepositBonusCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositBonusCodeQueryOptions().queryKey }),
  })
}

export function useRemoveDepositBonusCode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeDepositBonusCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositBonusCodeQueryOptions().queryKey }),
  })
}
