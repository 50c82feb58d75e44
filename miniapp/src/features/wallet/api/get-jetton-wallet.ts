import { queryOptions, useQuery } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'

/**
 * `GET /payment/ton/jetton-wallet`: the player's own wallet of a jetton (USDT on TON), where the wallet
 * sends the jetton transfer that pays an invoice (docs/ton.md). It is public chain data and never
 * changes for an owner and a jetton.
 */
async function getJettonWallet(owner: string, master: string, signal?: AbortSignal): Promise<string> {
  const answer = await apiRequest<{ address: string }>('/payment/ton/jetton-wallet', { query: { owner, master }, signal, auth: 'none' })
  return answer.address
}

function jettonWalletQueryOptions(owner: string, master: string) {
  return queryOptions({
    queryKey: ['payment', 'ton', 'jetton-wallet', owner, master],
    queryFn: ({ signal }) => getJettonWallet(owner, master, signal),
    staleTime: Infinity,
  })
}

/** The jetton wallet of `owner` for the jetton of `master`, once both are known. */
export function useJettonWallet(owner: string | undefined, master: string | undefined) {
  return useQuery({ ...jettonWalletQueryOptions(owner ?? '', master ?? ''), enabled: Boolean(owner && master) })
}
