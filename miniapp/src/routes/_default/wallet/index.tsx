import { createFileRoute } from '@tanstack/react-router'

import { WalletPage } from '@/features/wallet/components/wallet-page'

/** `/wallet`: the wallet main page (a lazy route chunk). */
export const Route = createFileRoute('/_default/wallet/')({
  component: WalletPage,
})
