import { createFileRoute } from '@tanstack/react-router'

import { HistoryPage } from '@/features/wallet/components/history-page'

/**
 * `/wallet/history`: transactions, bets, spins and bonuses (a lazy route chunk). Its filters live in the
 * search params, which the page parses itself (`features/wallet/history-search.ts`), so the parser
 * loads with the page rather than with the route tree every page carries.
 */
export const Route = createFileRoute('/_default/wallet/history')({
  component: HistoryPage,
})
