import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { SelectField, TextField } from '@/components/ui/form-field'
import { activeFilterCount, type FilterChanges, type HistoryFilters, type InvoiceType, STATUS_OPTIONS } from '@/features/wallet/history-search'
import type { Currency } from '@/lib/api-types'
import { t } from '@/lib/i18n'
import { modalZIndex } from '@/lib/modals'

/** The label of a status on a tab, by its name (`STATUS_OPTIONS`); a status the client has no name for shows as it came. */
export function statusLabel(tab: HistoryFilters['tab'], status: string): string {
  if (tab === 'bets') return status === 'unsettled' ? t('Open') : t('Settled')
  const labels: Record<string, string> =
    tab === 'transactions'
      ? { pending: t('Pending'), success: t('Successful'), failure: t('Failed') }
      : { issued: t('Issued'), active: t('Active'), finished: t('Finished') }
  return labels[status] ?? status
}

interface FieldsProps {
  filters: HistoryFilters
  currencies: readonly Currency[] | undefined
  onChange: (changes: FilterChanges) => void
}

/** The filter fields of a tab: the date range, type (transactions), status (where the list has one) and currency. */
function FilterFields({ filters, currencies, onChange }: FieldsProps) {
  const statuses: readonly string[] = STATUS_OPTIONS[filters.tab]
  const all = { value: '', label: t('All') }
  return (
    <>
      <TextField
        type="date"
        label={t('From')}
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(event) => {
          onChange({ from: event.target.value || undefined })
        }}
      />
      <TextField
        type="date"
        label={t('To')}
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(event) => {
          onChange({ to: event.target.value || undefined })
        }}
      />
      {filters.tab === 'transactions' ? (
        <SelectField
          label={t('Type')}
          name="type"
          value={filters.type ?? ''}
          onChange={(value) => {
            onChange({ type: (value || undefined) as InvoiceType | undefined })
          }}
          options={[all, { value: 'deposit', label: t('Deposits') }, { value: 'withdrawal', label: t('Withdrawals') }]}
        />
      ) : null}
      {statuses.length > 0 ? (
        <SelectField
          label={t('Status')}
          name="status"
          value={filters.status ?? ''}
          onChange={(value) => {
            onChange({ status: value || undefined })
          }}
          options={[
            // Bets always show one kind: the platform lists settled or open bets, never both at once.
            ...(filters.tab === 'bets' ? [] : [all]),
            ...statuses.map((status) => ({ value: status, label: statusLabel(filters.tab, status) })),
          ]}
        />
      ) : null}
      <SelectField
        label={t('Currency')}
        name="currency"
        value={filters.currency ?? ''}
        onChange={(value) => {
          onChange({ currency: value || undefined })
        }}
        options={[all, ...(currencies ?? []).map((currency) => ({ value: currency.code, label: currency.code }))]}
      />
    </>
  )
}

const CLEARED: FilterChanges = { from: undefined, to: undefined, type: undefined, status: undefined, currency: undefined }

/** Desktops: the filters in a bar above the list, applied as they change. */
export function FilterBar(props: FieldsProps) {
  return (
    <form
      aria-label={t('Filters')}
      className="grid items-end gap-3 rounded-xl bg-section p-3 sm:grid-cols-3 lg:grid-cols-5"
      onSubmit={(event) => {
        event.preventDefault()
      }}
    >
      <FilterFields {...props} />
      {activeFilterCount(props.filters) > 0 ? (
        <Button
          variant="secondary"
          className="bg-surface"
          onClick={() => {
            props.onChange(CLEARED)
          }}
        >
          {t('Clear filters')}
        </Button>
      ) : null}
    </form>
  )
}

/** Phones and tablets: a Filters button with the number of filters on, opening a sheet applied with one button. */
export function FilterSheet({ filters, currencies, onChange }: FieldsProps) {
  const [draft, setDraft] = useState<HistoryFilters>()
  const count = activeFilterCount(filters)
  return (
    <div>
      <Button
        variant="secondary"
        className="w-full"
        aria-haspopup="dialog"
        onClick={() => {
          setDraft(filters)
        }}
      >
        {count > 0 ? t('Filters ({count})', { count }) : t('Filters')}
      </Button>
      {draft ? (
        <Dialog
          title={t('Filters')}
          variant="sheet"
          zIndex={modalZIndex(0)}
          onClose={() => {
            setDraft(undefined)
          }}
        >
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              onChange({ ...CLEARED, from: draft.from, to: draft.to, type: draft.type, status: draft.status, currency: draft.currency })
              setDraft(undefined)
            }}
          >
            <FilterFields
              filters={draft}
              currencies={currencies}
              onChange={(changes) => {
                setDraft({ ...draft, ...changes } as HistoryFilters)
              }}
            />
            <div className="grid grid-cols-2 gap-2">
              <Button
                variant="secondary"
                onClick={() => {
                  setDraft({ tab: draft.tab, page: 1 })
                }}
              >
                {t('Clear filters')}
              </Button>
              <Button type="submit">{t('Show results')}</Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </div>
  )
}
