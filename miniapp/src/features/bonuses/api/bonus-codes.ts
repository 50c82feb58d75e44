import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { playerBonusesQueryOptions } from '@/features/bonuses/api/get-player-bonuses'
import { playerFreespinsQueryOptions } from '@/features/bonuses/api/get-player-freespins'
import { ApiError, apiList, apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

export type PlayerBonusCode = Schemas['PlayerBonusCode']

/** The trigger of `ApplyCode` that issues the bonus now (3, on the next deposit, is the wallet's deposit bonus code). */
export const CODE_TRIGGER_NOW = 1

/** Spec section 4, "Bonus code status": 3 incorrect, 4 not available. */
export const CODE_INCORRECT = 3
export const CODE_NOT_AVAILABLE = 4

/** The platform's limit on a code's length; longer input is refused before any call. */
export const CODE_MAX_LENGTH = 64

/** `GET /game/bonuses/bonuscodes`: the codes the player applied that wait for their trigger. */
function getBonusCodes(signal?: AbortSignal): Promise<PlayerBonusCode[]> {
  return apiList<PlayerBonusCode>('/game/bonuses/bonuscodes', { signal })
}

export function bonusCodesQueryOptions() {
  return queryOptions({
    queryKey: ['bonuses', 'bonus-codes'],
    queryFn: ({ signal }) => getBonusCodes(signal),
  })
}

export function useBonusCodes(enabled = true) {
  return useQuery({ ...bonusCodesQueryOptions(), enabled })
}

/** A refused code: the spec's status read from the 422 answer's stable code. */
export function refusedCodeStatus(error: unknown): typeof CODE_INCORRECT | typeof CODE_NOT_AVAILABLE | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined
  return error.code === 'bonus_code_incorrect' ? CODE_INCORRECT : CODE_NOT_AVAILABLE
}

function applyBonusCode(input: { bonusCode: string; trigger: number }): Promise<PlayerBonusCode> {
  return apiRequest<PlayerBonusCode>('/game/bonuses/bonuscodes', { method: 'POST', body: input satisfies Schemas['ApplyCode'] })
}

async function removeBonusCode(playerBonusCodeId: number): Promise<undefined> {
  await apiRequest<unknown>('/game/bonuses/bonuscodes', { method: 'DELETE', body: { playerBonusCodeId } satisfies Schemas['RemoveCode'] })
  return undefined
}

function useRefreshAfterCode() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [bonusCodesQueryOptions(), playerBonusesQueryOptions(), playerFreespinsQueryOptions()].map(({ queryKey }) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    )
}

export function useApplyBonusCode() {
  const refresh = useRefreshAfterCode()
  return useMutation({ mutationFn: applyBonusCode, onSuccess: refresh })
}

export function useRemoveBonusCode() {
  const refresh = useRefreshAfterCode()
  return useMutation({ mutationFn: removeBonusCode, onSettled: refresh })
}
