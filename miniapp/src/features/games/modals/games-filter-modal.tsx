import { useLocation, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useFeatures } from '@/features/games/api/get-features'
import { useProviders } from '@/features/games/api/get-providers'
import { sortName } from '@/features/games/components/categories'
import { buildListingParams, GAME_SORTS, type ListingFilters, NO_FILTERS, parseListingPath } from '@/features/games/listing-path'
import { splitLocale, t } from '@/lib/i18n'
import type { ModalProps } from '@/lib/modals'
import { useModals } from '@/lib/modals'

/** The listing's filters of the current path; the lobby and other pages start from none. */
function currentFilters(pathname: string): ListingFilters {
  const { path } = splitLocale(pathname)
  if (!path.startsWith('/games/')) return NO_FILTERS
  const parsed = parseListingPath(path.slice('/games/'.length))
  return parsed.ok ? parsed.filters : NO_FILTERS
}

function toggle(list: readonly string[], value: string, on: boolean): string[] {
  return on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value)
}

/** A checkbox per provider or feature, with its games count. */
function Checks({
  options,
  checked,
  onChange,
}: {
  options: readonly { id: number; identity: string; name: string; gamesCount: number }[]
  checked: readonly string[]
  onChange: (next: string[]) => void
}) {
  return options.map((option) => (
    <label key={option.id} className="flex min-h-11 items-center gap-3 text-sm text-fg">
      <input
        type="checkbox"
        checked={checked.includes(option.identity)}
        onChange={(event) => {
          onChange(toggle(checked, option.identity, event.target.checked))
        }}
      />
      <span className="flex-1">{option.name}</span>
      <span className="text-xs text-hint">{option.gamesCount}</span>
    </label>
  ))
}

/** Providers, features and the order of a listing; Apply leads to the listing's new address. */
export default function GamesFilterModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const navigate = useNavigate()
  const pathname = useLocation({ select: (location) => location.pathname })
  const [filters, setFilters] = useState(() => currentFilters(pathname))
  const providers = useProviders()
  const features = useFeatures()

  const apply = () => {
    const params = buildListingParams(filters)
    void navigate({ to: '/games/$', params: { _splat: params === '' ? 'sort-popular' : params } })
  }

  return (
    <Dialog title={t('Filter games')} zIndex={zIndex} variant="sheet" onClose={() => void modals.close('games-filter')}>
      <div className="flex max-h-[70dvh] flex-col gap-5 overflow-y-auto">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-fg">{t('Sort by')}</legend>
          {GAME_SORTS.map((sort) => (
            <label key={sort} className="flex min-h-11 items-center gap-3 text-sm text-fg">
              <input
                type="radio"
                name="sort"
                checked={(filters.sort ?? 'popular') === sort}
                onChange={() => {
                  setFilters({ ...filters, sort })
                }}
              />
              {sortName(sort)}
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-fg">{t('Providers')}</legend>
          {providers.isPending ? <div className="skeleton h-24 rounded-xl" aria-hidden="true" /> : null}
          {providers.data?.length === 0 ? <p className="text-sm text-hint">{t('Providers did not load.')}</p> : null}
          <Checks options={providers.data ?? []} checked={filters.providers} onChange={(providers) => { setFilters({ ...filters, providers }) }} />
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-fg">{t('Features')}</legend>
          {features.isPending ? <div className="skeleton h-24 rounded-xl" aria-hidden="true" /> : null}
          {features.isError ? (
            <div role="alert" className="flex items-center justify-between gap-2 text-sm text-hint">
              {t('Features did not load.')}
              <Button variant="secondary" onClick={() => void features.refetch()}>
                {t('Retry')}
              </Button>
            </div>
          ) : null}
          <Checks options={features.data ?? []} checked={filters.features} onChange={(features) => { setFilters({ ...filters, features }) }} />
        </fieldset>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            setFilters({ ...NO_FILTERS, ...(filters.category ? { category: filters.category } : {}), ...(filters.collection ? { collection: filters.collection } : {}) })
          }}
        >
          {t('Reset')}
        </Button>
        <Button onClick={apply}>{t('Show games')}</Button>
      </div>
    </Dialog>
  )
}
