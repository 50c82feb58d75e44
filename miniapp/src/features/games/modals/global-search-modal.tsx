import { Link, useNavigate } from '@tanstack/react-router'
import { type KeyboardEvent, useId, useState } from 'react'

import { Dialog } from '@/components/ui/dialog'
import { useDeleteRecentSearches, useRecentSearches } from '@/features/games/api/recent-searches'
import { SEARCH_MAX_CHARS, searchText, useGameSearch } from '@/features/games/api/search-games'
import { useSportSearch } from '@/features/games/api/search-sport'
import { useDebouncedValue } from '@/features/games/debounce'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'

interface Option {
  id: string
  /** Where Enter leads: a game page or a sport event's page. */
  open: () => void
}

const optionClass = 'flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-sm text-fg aria-selected:bg-section hover:bg-section'

/**
 * Games and sport events side by side as the player types (debounced), the signed-in player's recent
 * searches (tap to search again, remove one or all), arrow keys through the results and Enter to open.
 */
export default function GlobalSearchModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const navigate = useNavigate()
  const signedIn = useSession().state.status === 'loggedIn'
  const [typed, setTyped] = useState('')
  const [active, setActive] = useState(-1)
  const text = searchText(useDebouncedValue(typed))
  const games = useGameSearch(text)
  const sport = useSportSearch(text)
  const recent = useRecentSearches(signedIn && text === undefined)
  const forget = useDeleteRecentSearches()
  const listId = useId()

  // `/sport/event/{id}` opens the event in the sportsbook, which then names it in full.
  const eventSplat = (id: number) => `event/${String(id)}`
  const gameOptions: Option[] = (games.data?.data ?? []).map((game) => ({
    id: `${listId}-game-${String(game.id)}`,
    open: () => void navigate({ to: '/game/$id', params: { id: game.identity } }),
  }))
  const eventOptions: Option[] = (sport.data?.events ?? []).map((event) => ({
    id: `${listId}-event-${String(event.id)}`,
    open: () => void navigate({ to: '/sport/$', params: { _splat: eventSplat(event.id) } }),
  }))
  const options = [...gameOptions, ...eventOptions]
  const activeId = options[active]?.id

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setActive((index) => (index + 1) % options.length)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((index) => (index <= 0 ? options.length - 1 : index - 1))
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault()
      options[active]?.open()
    }
  }

  const tooShort = typed.trim() !== '' && text === undefined
  const searching = text !== undefined && (games.isPending || sport.isPending)
  const nothing = text !== undefined && !searching && options.length === 0 && !games.isError && !sport.isError

  return (
    <Dialog title={t('Search')} zIndex={zIndex} variant="sheet" onClose={() => void modals.close('global-search')}>
      <div className="flex flex-col gap-4">
        <input
          type="search"
          role="combobox"
          aria-label={t('Search games and sport events')}
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          maxLength={SEARCH_MAX_CHARS}
          value={typed}
          placeholder={t('Game name, team or league')}
          onChange={(event) => {
            setTyped(event.target.value)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
          className="min-h-11 w-full rounded-xl border border-section bg-bg px-4 text-base text-fg"
        />
        <p role="status" className="text-sm text-hint">
          {tooShort ? t('Type at least 2 characters.') : null}
          {searching ? t('Searching…') : null}
          {nothing ? t('Nothing found for “{text}”. Check the spelling or try a shorter word.', { text: typed.trim() }) : null}
          {games.isError || sport.isError ? t('The search did not finish. Check your connection and try again.') : null}
        </p>

        {text === undefined && signedIn ? (
          <section aria-labelledby={`${listId}-recent`} className="flex flex-col gap-1">
            <div className="flex items-center justify-between">
              <h3 id={`${listId}-recent`} className="text-sm font-semibold text-fg">
                {t('Recent searches')}
              </h3>
              {recent.data?.length ? (
                <button type="button" className="min-h-11 px-2 text-sm text-accent" onClick={() => { forget.mutate(undefined) }}>
                  {t('Clear all')}
                </button>
              ) : null}
            </div>
            {recent.isPending ? <div className="skeleton h-11 rounded-xl" aria-hidden="true" /> : null}
            {recent.data?.length === 0 ? <p className="text-sm text-hint">{t('Your searches show here.')}</p> : null}
            <ul className="flex flex-col">
              {recent.data?.map((search) => (
                <li key={search.query} className="flex items-center gap-1">
                  <button type="button" className={optionClass} onClick={() => { setTyped(search.query) }}>
                    {search.query}
                  </button>
                  <button
                    type="button"
                    aria-label={t('Remove “{text}” from recent searches', { text: search.query })}
                    className="grid size-11 shrink-0 place-items-center rounded-full text-hint hover:text-fg"
                    onClick={() => { forget.mutate(search.query) }}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {/* A listbox only while it holds options (an empty one is no valid listbox). */}
        <div id={listId} role={options.length > 0 ? 'listbox' : undefined} aria-label={options.length > 0 ? t('Results') : undefined} className="grid gap-4 sm:grid-cols-2">
          <div role={options.length > 0 ? 'group' : undefined} aria-labelledby={`${listId}-games`} className="flex flex-col gap-1">
            <h3 id={`${listId}-games`} className="text-sm font-semibold text-fg">
              {t('Games')}
            </h3>
            {text !== undefined && games.data?.data.length === 0 ? <p className="text-sm text-hint">{t('No games found.')}</p> : null}
            {games.data?.data.map((game, index) => (
              <Link
                key={game.id}
                id={gameOptions[index]?.id}
                role="option"
                aria-selected={active === index}
                to="/game/$id"
                params={{ id: game.identity }}
                className={optionClass}
              >
                <img src={game.images['1x1']['1x']} alt="" width={32} height={32} className="size-8 rounded-lg bg-section" />
                <span className="flex-1 truncate">{game.name}</span>
                <span className="text-xs text-hint">{game.provider.name}</span>
              </Link>
            ))}
          </div>
          <div role={options.length > 0 ? 'group' : undefined} aria-labelledby={`${listId}-sport`} className="flex flex-col gap-1">
            <h3 id={`${listId}-sport`} className="text-sm font-semibold text-fg">
              {t('Sport events')}
            </h3>
            {text !== undefined && sport.data?.events.length === 0 ? <p className="text-sm text-hint">{t('No events found.')}</p> : null}
            {sport.data?.events.map((event, index) => (
              <Link
                key={event.id}
                id={eventOptions[index]?.id}
                role="option"
                aria-selected={active === gameOptions.length + index}
                to="/sport/$"
                params={{ _splat: eventSplat(event.id) }}
                className={optionClass}
              >
                <span className="flex-1 truncate">{event.name}</span>
                <span className="text-xs text-hint">{event.championship.name}</span>
              </Link>
            ))}
          </div>
        </div>
      </div>
    </Dialog>
  )
}
