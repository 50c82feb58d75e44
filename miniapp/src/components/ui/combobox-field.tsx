import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'

import { t, useI18n } from '@/lib/i18n'
import { FieldError } from '@/components/ui/form-field'

export interface ComboboxOption {
  value: string
  label: string
}

/** Text as a search compares it: without accents, in lower case. */
function foldForSearch(text: string, locale: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale)
}

/**
 * The options a typed `query` keeps: a label containing it, or a value starting with it, ignoring case
 * and accents ("cote" finds Côte d'Ivoire, "br" finds BR and BRL). An empty query keeps them all.
 */
export function filterOptions<Option extends ComboboxOption>(options: readonly Option[], query: string, locale: string): Option[] {
  const needle = foldForSearch(query.trim(), locale)
  if (needle === '') return [...options]
  return options.filter((option) => foldForSearch(option.label, locale).includes(needle) || foldForSearch(option.value, locale).startsWith(needle))
}

/** The list's state as the keyboard moves it: open or not, and the highlighted option (-1 for none). */
export interface ListState {
  open: boolean
  active: number
}

/**
 * What a key does to the list of `count` options (WAI-ARIA's editable combobox with list autocomplete):
 * the arrows open it and move round it, Home and End jump, Escape closes it. Enter and the keys it does
 * not know are the caller's (undefined).
 */
export function moveInList(state: ListState, key: string, count: number): ListState | undefined {
  switch (key) {
    case 'ArrowDown':
      if (!state.open) return { open: true, active: count > 0 ? Math.max(state.active, 0) : -1 }
      return { open: true, active: count === 0 ? -1 : (state.active + 1) % count }
    case 'ArrowUp':
      if (!state.open) return { open: true, active: count - 1 }
      return { open: true, active: count === 0 ? -1 : state.active <= 0 ? count - 1 : state.active - 1 }
    case 'Home':
      return state.open ? { open: true, active: count > 0 ? 0 : -1 } : undefined
    case 'End':
      return state.open ? { open: true, active: count - 1 } : undefined
    case 'Escape':
      return state.open ? { open: false, active: -1 } : undefined
    default:
      return undefined
  }
}

export interface ComboboxFieldProps {
  label: string
  name: string
  /** The chosen option's value; '' for none. */
  value: string
  onChange: (value: string) => void
  options: readonly ComboboxOption[]
  error?: string | undefined
  placeholder?: string
}

/**
 * A searchable select: a text box that filters its options as the player types, with the options in a
 * listbox the arrow keys walk (the highlighted one is the box's `aria-activedescendant`, so focus stays
 * in the box), Enter or a tap choosing and Escape closing. Leaving the box without choosing shows the
 * chosen option again, so the field never holds text that is not an option.
 */
export function ComboboxField({ label, name, value, onChange, options, error, placeholder }: ComboboxFieldProps) {
  const id = useId()
  const listId = `${id}-list`
  const errorId = `${id}-error`
  const { locale } = useI18n()
  const chosen = options.find((option) => option.value === value)
  // Undefined while the player has not typed since the last choice: the box shows the chosen label.
  const [query, setQuery] = useState<string>()
  const [list, setList] = useState<ListState>({ open: false, active: -1 })
  const shown = useMemo(() => filterOptions(options, query ?? '', locale), [options, query, locale])
  const listRef = useRef<HTMLUListElement>(null)
  const activeId = list.open && list.active >= 0 && list.active < shown.length ? `${id}-option-${String(list.active)}` : undefined

  // Keeps the highlighted option in the list's view as the arrows move past its edges.
  useEffect(() => {
    const box = listRef.current
    const option = activeId ? box?.querySelector<HTMLElement>(`[id="${activeId}"]`) : null
    if (!box || !option) return
    if (option.offsetTop < box.scrollTop) box.scrollTop = option.offsetTop
    else if (option.offsetTop + option.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = option.offsetTop + option.offsetHeight - box.clientHeight
  }, [activeId])

  const choose = (option: ComboboxOption) => {
    setQuery(undefined)
    setList({ open: false, active: -1 })
    if (option.value !== value) onChange(option.value)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter chooses the highlighted option; with the list closed it submits the form as usual.
      if (!list.open) return
      event.preventDefault()
      const option = shown[list.active]
      if (option) choose(option)
      return
    }
    if (event.key === 'Escape' && !list.open && query !== undefined) {
      // A second Escape gives up the typing and shows the choice again.
      event.preventDefault()
      event.stopPropagation()
      setQuery(undefined)
      return
    }
    const next = moveInList(list, event.key, shown.length)
    if (!next) return
    event.preventDefault()
    // The list's Escape closes the list, not the dialog the field sits in.
    if (event.key === 'Escape') event.stopPropagation()
    setList(next)
  }

  return (
    <div className="relative flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={list.open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={error ? true : undefined}
        {...(error ? { 'aria-describedby': errorId } : {})}
        placeholder={placeholder}
        value={query ?? chosen?.label ?? ''}
        onChange={(event) => {
          setQuery(event.target.value)
          setList({ open: true, active: event.target.value.trim() === '' ? -1 : 0 })
        }}
        onClick={() => {
          setList((current) => (current.open ? current : { open: true, active: chosen ? shown.indexOf(chosen) : -1 }))
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setQuery(undefined)
          setList({ open: false, active: -1 })
        }}
        className="min-h-11 rounded-xl border border-section bg-bg px-3 text-base text-fg placeholder:text-hint aria-invalid:border-destructive"
      />
      {list.open && shown.length > 0 ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-y-auto rounded-xl border border-section bg-bg py-1 shadow-lg"
        >
          {shown.map((option, index) => (
            <li
              key={option.value}
              id={`${id}-option-${String(index)}`}
              role="option"
              aria-selected={option.value === value}
              // Keeps the focus in the box, which a tap would otherwise blur before the choice.
              onMouseDown={(event) => {
                event.preventDefault()
              }}
              onClick={() => {
                choose(option)
              }}
              className={`flex min-h-11 cursor-pointer items-center px-3 text-base text-fg ${index === list.active ? 'bg-section' : ''} aria-selected:font-semibold`}
            >
              {option.label}
            </li>
          ))}
        </ul>
      ) : null}
      {list.open && shown.length === 0 ? (
        <p role="status" className="text-sm text-hint">
          {t('Nothing matches “{text}”.', { text: (query ?? '').trim() })}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  )
}
