import { Link } from '@tanstack/react-router'

import { AccountsOverview } from '@/features/wallet/components/accounts-overview'
import { t } from '@/lib/i18n'

/**
 * The currency panel (spec section 2, "a currency navigation panel"), opened from the header's balance:
 * the accounts overview and the way to the wallet pages. A lazy chunk of its own; it closes by itself
 * when a link changes the path.
 */
export default function CurrencyPanel() {
  return (
    <div className="flex flex-col gap-4">
      <AccountsOverview />
      <nav aria-label={t('Wallet')} className="flex gap-2">
        <Link to="/wallet" className="flex min-h-11 flex-1 items-center justify-center rounded-xl bg-section text-sm font-semibold text-fg">
          {t('Wallet')}
        </Link>
        <Link
          to="/wallet/history"
          className="flex min-h-11 flex-1 items-center justify-center rounded-xl bg-section text-sm font-semibold text-fg"
        >
          {t('History')}
        </Link>
      </nav>
    </div>
  )
}
