import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { Button, buttonClassName } from '@/components/ui/button'
import { useInvoicePage } from '@/features/wallet/api/get-invoice-page'
import { useInvoiceStatistics } from '@/features/wallet/api/get-invoice-statistics'
import { AccountsOverview } from '@/features/wallet/components/accounts-overview'
import { Amount } from '@/features/wallet/components/amount'
import { LoadError } from '@/features/wallet/components/load-error'
import { invoiceTotals } from '@/features/wallet/invoice-totals'
import { formatWhen } from '@/features/wallet/date-format'
import { formatIn } from '@/features/wallet/money-format'
import { invoiceMovement } from '@/features/wallet/movement'
import type { Currency } from '@/lib/api-types'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { useConstants, useCurrencies } from '@/lib/settings'

/** Pending invoices the page lists: more than this many waiting at once is no real player's case; history has them all. */
const PENDING_SHOWN = 20

/** As tall as the empty state's line, the most common answer, so loading moves nothing when it comes. */
function RowsSkeleton() {
  return <div aria-hidden="true" className="skeleton h-11 rounded-xl" />
}

/** Invoices waiting for the provider or the player, each with its details and, for a deposit, Decline. */
function PendingInvoices({ currencies }: { currencies: readonly Currency[] | undefined }) {
  const pending = useInvoicePage({ page: 1, perPage: PENDING_SHOWN, status: 'pending' })
  const constants = useConstants()
  const modals = useModals()
  if (pending.isError || constants.isError) {
    return (
      <LoadError
        title={t('Pending payments did not load')}
        onRetry={() => {
          void constants.refetch()
          void pending.refetch()
        }}
      />
    )
  }
  if (!pending.data || !constants.data) return <RowsSkeleton />
  const statuses = constants.data.invoiceStatuses
  if (pending.data.data.length === 0) {
    return <p className="rounded-xl bg-section px-4 py-3 text-sm text-hint">{t('No payments are waiting.')}</p>
  }
  return (
    <ul className="flex flex-col gap-2">
      {pending.data.data.map((invoice) => (
        <li key={invoice.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-section px-4 py-3 text-sm">
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-semibold">
              {invoice.type === 'deposit' ? t('Deposit') : t('Withdrawal')} · {invoice.paymentMethodName}
            </span>
            <span className="text-xs text-hint">{formatWhen(invoice.createdAt)}</span>
          </span>
          <Amount movement={invoiceMovement(invoice, statuses)} currency={invoice.currency} currencies={currencies} />
          <span className="flex w-full justify-end gap-2">
            <Button variant="secondary" className="bg-surface px-3" onClick={() => void modals.open('deposit-status', invoice.id)}>
              {t('Details')}
            </Button>
            {invoice.type === 'deposit' ? (
              <Button
                variant="secondary"
                className="bg-surface px-3"
                aria-label={t('Decline the deposit of {amount}', {
                  amount: formatIn(invoice.amount, invoice.currency, currencies) ?? invoice.currency,
                })}
                onClick={() => void modals.open('cancel-deposit', invoice.id)}
              >
                {t('Decline')}
              </Button>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** Deposited, withdrawn and pending per currency, from the platform's statistics. */
function Totals({ currencies }: { currencies: readonly Currency[] | undefined }) {
  const statistics = useInvoiceStatistics()
  const constants = useConstants()
  if (statistics.isError || constants.isError) {
    return (
      <LoadError
        title={t('Totals did not load')}
        onRetry={() => {
          void constants.refetch()
          void statistics.refetch()
        }}
      />
    )
  }
  if (!statistics.data || !constants.data) return <RowsSkeleton />
  const totals = invoiceTotals(statistics.data.data, constants.data.invoiceStatuses)
  if (totals.length === 0) {
    return <p className="rounded-xl bg-section px-4 py-3 text-sm text-hint">{t('No deposits or withdrawals yet.')}</p>
  }
  const money = (amount: number, currency: string) => formatIn(amount, currency, currencies) ?? '—'
  const columns = [
    ['deposited', t('Deposited')],
    ['withdrawn', t('Withdrawn')],
    ['pending', t('Pending')],
  ] as const
  return (
    <div className="overflow-x-auto rounded-xl bg-section">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('Totals by currency')}</caption>
        <thead className="text-xs text-hint">
          <tr>
            <th scope="col" className="px-4 py-2 text-left font-medium">
              {t('Currency')}
            </th>
            {columns.map(([key, heading]) => (
              <th key={key} scope="col" className="px-4 py-2 text-right font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {totals.map((row) => (
            <tr key={row.currency} className="border-t border-surface">
              <th scope="row" className="px-4 py-2 text-left font-semibold">
                {row.currency}
              </th>
              {columns.map(([key]) => (
                <td key={key} className="px-4 py-2 text-right tabular-nums">
                  {money(row[key], row.currency)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="px-4 pb-3 text-xs text-hint">{t('Successful deposits: {count}', { count: statistics.data.depositsCount })}</p>
    </div>
  )
}

/** A titled part of the page, named by its heading. */
function Section({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={id} className="mr-auto text-base font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  )
}

/** `/wallet`: accounts, Deposit and Withdraw, pending payments with Decline, and the totals. */
export function WalletPage() {
  const modals = useModals()
  const currencies = useCurrencies()
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-xl font-bold">{t('Wallet')}</h1>
        <Link to="/wallet/history" className={buttonClassName('secondary')}>
          {t('History')}
        </Link>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={() => void modals.open('wallet', 'deposit')}>{t('Deposit')}</Button>
        <Button variant="secondary" onClick={() => void modals.open('wallet', 'withdraw')}>
          {t('Withdraw')}
        </Button>
      </div>
      <Section
        id="wallet-accounts"
        title={t('Accounts')}
        aside={
          <>
            <button type="button" className="min-h-11 px-2 text-sm font-semibold text-link" onClick={() => void modals.open('fiat')}>
              {t('Display currency')}
            </button>
            <button type="button" className="min-h-11 px-2 text-sm font-semibold text-link" onClick={() => void modals.open('wallet-bonus-info')}>
              {t('Bonus money')}
            </button>
          </>
        }
      >
        <AccountsOverview />
      </Section>
      <Section id="wallet-pending" title={t('Pending payments')}>
        <PendingInvoices currencies={currencies.data} />
      </Section>
      <Section id="wallet-totals" title={t('Totals')}>
        <Totals currencies={currencies.data} />
      </Section>
    </div>
  )
}
