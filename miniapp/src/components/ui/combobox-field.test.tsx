import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { ComboboxField, filterOptions, moveInList } from '@/components/ui/combobox-field'

const countries = [
  { value: 'AT', label: 'Austria' },
  { value: 'BR', label: 'Brazil' },
  { value: 'CI', label: 'Côte d’Ivoire' },
  { value: 'DE', label: 'Germany' },
]

describe('filterOptions', () => {
  it('finds a label containing the text, ignoring case and accents', () => {
    expect(filterOptions(countries, 'cote', 'en').map((option) => option.value)).toEqual(['CI'])
    expect(filterOptions(countries, 'RMA', 'en').map((option) => option.value)).toEqual(['DE'])
  })
  it('finds a value by its start (a currency by its code), and keeps everything for no text', () => {
    const currencies = [
      { value: 'BTC', label: 'mBTC' },
      { value: 'USD', label: 'USD' },
    ]
    expect(filterOptions(currencies, 'bt', 'en').map((option) => option.value)).toEqual(['BTC'])
    expect(filterOptions(countries, 'br', 'en').map((option) => option.value)).toEqual(['BR'])
    expect(filterOptions(countries, '  ', 'en')).toHaveLength(4)
    expect(filterOptions(countries, 'xyz', 'en')).toEqual([])
  })
})

describe('moveInList', () => {
  const closed = { open: false, active: -1 }
  it('opens on the arrows, down at the top and up at the bottom', () => {
    expect(moveInList(closed, 'ArrowDown', 3)).toEqual({ open: true, active: 0 })
    expect(moveInList(closed, 'ArrowUp', 3)).toEqual({ open: true, active: 2 })
  })
  it('moves round the open list, jumps with Home and End, and closes on Escape', () => {
    expect(moveInList({ open: true, active: 2 }, 'ArrowDown', 3)).toEqual({ open: true, active: 0 })
    expect(moveInList({ open: true, active: 0 }, 'ArrowUp', 3)).toEqual({ open: true, active: 2 })
    expect(moveInList({ open: true, active: 1 }, 'Home', 3)).toEqual({ open: true, active: 0 })
    expect(moveInList({ open: true, active: 1 }, 'End', 3)).toEqual({ open: true, active: 2 })
    expect(moveInList({ open: true, active: 1 }, 'Escape', 3)).toEqual({ open: false, active: -1 })
    expect(moveInList({ open: true, active: -1 }, 'ArrowDown', 0)).toEqual({ open: true, active: -1 })
  })
  it('leaves Enter, letters and a closed list’s Escape to the caller', () => {
    expect(moveInList({ open: true, active: 1 }, 'Enter', 3)).toBeUndefined()
    expect(moveInList({ open: true, active: 1 }, 'a', 3)).toBeUndefined()
    expect(moveInList(closed, 'Escape', 3)).toBeUndefined()
  })
})

function Country({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('AT')
  return (
    <ComboboxField
      label="Country"
      name="country"
      value={value}
      onChange={(next) => {
        setValue(next)
        onChange(next)
      }}
      options={countries}
    />
  )
}

describe('ComboboxField', () => {
  it('filters as the player types, walks the matches with the arrows and chooses with Enter', async () => {
    const onChange = vi.fn()
    render(<Country onChange={onChange} />)
    const box = screen.getByRole('combobox', { name: 'Country' })
    expect(box).toHaveValue('Austria')
    expect(box).toHaveAttribute('aria-expanded', 'false')

    await userEvent.clear(box)
    await userEvent.type(box, 'r')
    expect(box).toHaveAttribute('aria-expanded', 'true')
    const names = () => screen.getAllByRole('option').map((option) => option.textContent)
    expect(names()).toEqual(['Austria', 'Brazil', 'Côte d’Ivoire', 'Germany'])
    await userEvent.type(box, 'a')
    expect(names()).toEqual(['Brazil'])
    await userEvent.clear(box)
    await userEvent.type(box, 'i')
    expect(names()).toEqual(['Austria', 'Brazil', 'Côte d’Ivoire'])
    // Typing highlights the first match; the highlight is the box's active descendant.
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Austria' }).id)
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Côte d’Ivoire' }).id)
    await userEvent.keyboard('{Enter}')
    expect(onChange).toHaveBeenLastCalledWith('CI')
    expect(box).toHaveValue('Côte d’Ivoire')
    expect(box).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('closes on Escape, then gives up the typing on a second Escape; a tap chooses too', async () => {
    const onChange = vi.fn()
    render(<Country onChange={onChange} />)
    const box = screen.getByRole('combobox', { name: 'Country' })
    await userEvent.clear(box)
    await userEvent.type(box, 'ger')
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box).toHaveValue('ger')
    await userEvent.keyboard('{Escape}')
    expect(box).toHaveValue('Austria')
    expect(onChange).not.toHaveBeenCalled()

    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getAllByRole('option')).toHaveLength(4)
    expect(screen.getByRole('option', { name: 'Austria' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.click(screen.getByRole('option', { name: 'Germany' }))
    expect(onChange).toHaveBeenLastCalledWith('DE')
    expect(box).toHaveFocus()
  })

  it('says when nothing matches, and shows the choice again when left', async () => {
    render(<Country onChange={vi.fn()} />)
    const box = screen.getByRole('combobox', { name: 'Country' })
    await userEvent.clear(box)
    await userEvent.type(box, 'zz')
    expect(screen.getByRole('status')).toHaveTextContent('Nothing matches “zz”.')
    expect(screen.queryByRole('listbox')).toBeNull()
    await userEvent.tab()
    expect(box).toHaveValue('Austria')
  })
})
