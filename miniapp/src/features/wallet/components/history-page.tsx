import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { Button } from '@/components/ui/button'
import { SkeletonColumn } from '@/components/ui/skeleton-column'
import { StateMessage } from '@/components/ui/state-message'
import { useBonusHistory } from '@/features/wallet/api/get-bonus-history'
import { useInvoicePage } from '@/features/wallet/api/get-invoice-page'
import { useBets, useSpins } from '@/features/wallet/api/get-play-history'
import { Amount } from '@/features/wallet/components/amount'
import { LoadError } from '@/features/wallet/components/load-error'
import { FilterBar, FilterSheet, statusLabel } from '@/features/wallet/components/history-filters'
import {
  activeFilterCount,
  changeFilters,
  type FilterChanges,
  HISTORY_TABS,
  type HistoryFilters,
  type BonusStatusFilter,
  type HistoryTab,
  historyNarrowing,
  type InvoiceStatusFilter,
  historySearch,
  matchesRowFilters,
  parseHistorySearch,
} from '@/features/wallet/history-search'
import { formatWhen } from '@/features/wallet/date-format'
import { betMovement, bonusMovement, invoiceMovement, type Movement, spinMovement } from '@/features/wallet/movement'
import { invoiceStatus } from '@/features/wallet/payments/invoice-machine'
import type { Currency } from '@/lib/api-types'
import { useDevice } from '@/lib/device'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { type Constants, constantName, useConstants, useCurrencies } from '@/lib/settings'

const PAGE_SIZE = 20

/** One row of any history. */
interface Row {
  key: string
  title: string
  detail: string
  createdAt: string
  currency: string
  movement: Movement
}

/** What every list gives the shared view: its rows, paging and query state. */
interface ListState {
  rows: Row[] | undefined
  totalPages: number
  isError: boolean
  isFetching: boolean
  refetch: () => unknown
}

interface QueryState {
  isError: boolean
  isFetching: boolean
  refetch: () => unknown
}

/** The paging and query state every list shares, beside its rows; with `constants`, their failure is the list's. */
function listState(
  query: QueryState & { data?: { meta: { totalPages: number } } | undefined },
  rows: Row[] | undefined,
  constants?: QueryState,
): ListState {
  return {
    rows,
    totalPages: query.data?.meta.totalPages ?? 1,
    isError: query.isError || constants?.isError === true,
    isFetching: query.isFetching,
    refetch: () => {
      void constants?.refetch()
      void query.refetch()
    },
  }
}

function tabLabel(tab: HistoryTab): string {
  return { transactions: t('Transactions'), bets: t('Bets'), spins: t('Spins'), bonuses: t('Bonuses') }[tab]
}

const BONUS_RESULTS: Record<keyof Constants['bonusResults'], () => string> = {
  played: () => t('Played'),
  canceled: () => t('Cancelled'),
  expired: () => t('Expired'),
  expiredByTime: () => t('Expired'),
}

function useTransactions(filters: HistoryFilters, perPage: number): ListState {
  const query = useInvoicePage({
    page: filters.page,
    perPage,
    type: filters.type,
    // Parsing keeps only the tab's own statuses: on this tab, invoice statuses.
    status: filters.status as InvoiceStatusFilter | undefined,
    ...historyNarrowing(filters),
  })
  const constants = useConstants()
  const statuses = constants.data?.invoiceStatuses
  return listState(
    query,
    statuses && query.data?.data.map((invoice) => ({
        key: invoice.id,
        title: `${invoice.type === 'deposit' ? t('Deposit') : t('Withdrawal')} · ${invoice.paymentMethodName}`,
        detail: statusLabel('transactions', invoiceStatus(invoice, statuses) ?? String(invoice.status)),
        createdAt: invoice.createdAt,
        currency: invoice.currency,
        movement: invoiceMovement(invoice, statuses),
      })),
    constants,
  )
}

function useBetRows(filters: HistoryFilters, perPage: number): ListState {
  const query = useBets({ page: filters.page, perPage, isSettled: filters.status !== 'unsettled', ...historyNarrowing(filters) })
  return listState(
    query,
    query.data?.data.map((bet) => ({
        key: String(bet.id),
        title: bet.gameName,
        detail: statusLabel('bets', bet.isSettled ? 'settled' : 'unsettled'),
        createdAt: bet.createdAt,
        currency: bet.currency,
        movement: betMovement(bet),
      })),
  )
}

function useSpinRows(filters: HistoryFilters, perPage: number): ListState {
  const query = useSpins({ page: filters.page, perPage, ...historyNarrowing(filters) })
  return listState(
    query,
    query.data?.data.map((spin) => ({
        key: String(spin.id),
        title: spin.gameName,
        detail: spin.win > 0 ? t('Win') : t('No win'),
        createdAt: spin.createdAt,
        currency: spin.currency,
        movement: spinMovement(spin),
      })),
  )
}

/** Bonuses come as one list (the platform neither pages nor narrows them): narrowed and paged here. */
function useBonusRows(filters: HistoryFilters, perPage: number): ListState {
  // Parsing keeps only the tab's own statuses: on this tab, bonus statuses.
  const query = useBonusHistory(filters.status as BonusStatusFilter | undefined)
  const constants = useConstants()
  const known = constants.data
  const all = known && query.data?.map((bonus) => {
    const status = constantName(known.bonusStatuses, bonus.status)
    const result = status === 'finished' ? constantName(known.bonusResults, bonus.result) : undefined
    return {
      key: String(bonus.id),
      title: bonus.name,
      detail: result ? BONUS_RESULTS[result]() : statusLabel('bonuses', status ?? String(bonus.status)),
      createdAt: bonus.createdAt,
      currency: bonus.currency,
      movement: bonusMovement(bonus, known),
    }
  }).filter((row) => matchesRowFilters(row, filters))
  const totalPages = Math.max(1, Math.ceil((all?.length ?? 0) / perPage))
  const page = all?.slice((filters.page - 1) * perPage, filters.page * perPage)
  return listState({ isError: query.isError, isFetching: query.isFetching, refetch: query.refetch, data: { meta: { totalPages } } }, page, constants)
}

/** The list of the current tab; only its own query runs. */
function TabList(props: { filters: HistoryFilters; currencies: readonly Currency[] | undefined; onChange: (changes: FilterChanges) => void }) {
  const perPage = PAGE_SIZE
  switch (props.filters.tab) {
    case 'transactions':
      return <TransactionsList {...props} perPage={perPage} />
    case 'bets':
      return <BetsList {...props} perPage={perPage} />
    case 'spins':
      return <SpinsList {...props} perPage={perPage} />
    case 'bonuses':
      return <BonusesList {...props} perPage={perPage} />
  }
}

type ListProps = Parameters<typeof TabList>[0] & { perPage: number }

function TransactionsList(props: ListProps) {
  return <HistoryList {...props} state={useTransactions(props.filters, props.perPage)} />
}
function BetsList(props: ListProps) {
  return <HistoryList {...props} state={useBetRows(props.filters, props.perPage)} />
}
function SpinsList(props: ListProps) {
  return <HistoryList {...props} state={useSpinRows(props.filters, props.perPage)} />
}
function BonusesList(props: ListProps) {
  return <HistoryList {...props} state={useBonusRows(props.filters, props.perPage)} />
}

function HistoryList({ filters, currencies, onChange, state }: ListProps & { state: ListState }) {
  const modals = useModals()
  if (state.isError && !state.rows) {
    return (
      <LoadError title={t('The history did not load')} onRetry={() => void state.refetch()} />
    )
  }
  if (!state.rows) {
    return <SkeletonColumn className="gap-2" blocks={['h-16 rounded-xl', 'h-16 rounded-xl', 'h-16 rounded-xl']} />
  }
  const rows = state.rows
  let body: ReactNode
  if (rows.length === 0) {
    body =
      activeFilterCount(filters) > 0 ? (
        <StateMessage
          title={t('Nothing matches these filters')}
          description={t('Try a wider date range or another status.')}
          action={
            <Button
              variant="secondary"
              onClick={() => {
                onChange({ from: undefined, to: undefined, type: undefined, status: undefined, currency: undefined })
              }}
            >
              {t('Clear filters')}
            </Button>
          }
        />
      ) : (
        <StateMessage
          title={t('Nothing here yet')}
          description={filters.tab === 'transactions' ? t('Your deposits and withdrawals will show here.') : t('Your play will show here.')}
          action={
            filters.tab === 'transactions' ? (
              <Button onClick={() => void modals.open('wallet', 'deposit')}>{t('Make a deposit')}</Button>
            ) : (
              <Link to="/" className="text-sm font-semibold text-link underline">
                {t('Find a game')}
              </Link>
            )
          }
        />
      )
  } else {
    body = (
      <ul className="flex flex-col gap-2">
        {rows.map((row) => (
          <li key={row.key} className="flex items-center gap-3 rounded-xl bg-section px-4 py-3 text-sm">
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-semibold">{row.title}</span>
              <span className="text-xs text-hint">
                {formatWhen(row.createdAt)} · {row.detail}
              </span>
            </span>
            <Amount movement={row.movement} currency={row.currency} currencies={currencies} />
          </li>
        ))}
      </ul>
    )
  }
  return (
    <div className="flex flex-col gap-3" aria-busy={state.isFetching}>
      {body}
      {state.totalPages > 1 ? (
        <nav aria-label={t('Pages')} className="flex items-center justify-between gap-2">
          <Button
            variant="secondary"
            disabled={filters.page <= 1}
            onClick={() => {
              onChange({ page: filters.page - 1 })
            }}
          >
            {t('Previous')}
          </Button>
          <span className="text-sm text-hint">{t('Page {page} of {pages}', { page: filters.page, pages: state.totalPages })}</span>
          <Button
            variant="secondary"
            disabled={filters.page >= state.totalPages}
            onClick={() => {
              onChange({ page: filters.page + 1 })
            }}
          >
            {t('Next')}
          </Button>
        </nav>
      ) : null}
    </div>
  )
}

/** `/wallet/history`: the tabs, the filters (a bar on desktops, a sheet on phones and tablets) and the list. */
export function HistoryPage() {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> })
  const filters = parseHistorySearch(search)
  const navigate = useNavigate()
  const currencies = useCurrencies()
  const { mobile } = useDevice()
  const change = (changes: FilterChanges) => {
    void navigate({ to: '/wallet/history', search: historySearch(changeFilters(filters, changes)) as never })
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-4">
      <div className="flex items-center gap-2">
        <h1 className="mr-auto text-xl font-bold">{t('History')}</h1>
        <Link to="/wallet" className="flex min-h-11 items-center text-sm font-semibold text-link">
          {t('Wallet')}
        </Link>
      </div>
      <nav aria-label={t('History')} className="grid grid-cols-4 gap-1 rounded-xl bg-section p-1">
        {HISTORY_TABS.map((tab) => (
          <Link
            key={tab}
            to="/wallet/history"
            search={historySearch(changeFilters(filters, { tab })) as never}
            aria-current={tab === filters.tab ? 'page' : undefined}
            className="flex min-h-10 items-center justify-center rounded-lg text-sm font-semibold text-hint aria-[current=page]:bg-surface aria-[current=page]:text-fg"
          >
            {tabLabel(tab)}
          </Link>
        ))}
      </nav>
      {/* Spec section 2: each history has a desktop and a mobile variant of its filters. */}
      {mobile ? (
        <FilterSheet filters={filters} currencies={currencies.data} onChange={change} />
      ) : (
        <FilterBar filters={filters} currencies={currencies.data} onChange={change} />
      )}
      <TabList filters={filters} currencies={currencies.data} onChange={change} />
    </div>
  )
}
