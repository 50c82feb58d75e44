import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { DRAWER_COMPACT_KEY } from '@/app/layouts/drawer'
import { COLOR_MODE_KEY, startColorMode } from '@/lib/color-mode'
import { renderRoute } from '@/test/render-route'

afterEach(() => {
  delete document.documentElement.dataset.colorMode
})

describe('the drawer', () => {
  it('opens from the bottom navigation and closes by itself when the full path changes', async () => {
    const { user, router } = renderRoute('/')
    // The bottom navigation's Menu (the desktop drawer's own button is "Compact menu").
    await user.click(await screen.findByRole('button', { name: 'Menu' }))

    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    expect(within(drawer).getByRole('link', { name: 'Home' })).toBeInTheDocument()
    expect(within(drawer).getByRole('link', { name: 'Casino' })).toHaveAttribute('href', '/games')
    expect(within(drawer).getByRole('link', { name: 'Sport' })).toHaveAttribute('href', '/sport')

    // Only the query changes: the full path is another, so the drawer goes.
    await act(() => router.navigate({ to: '/', search: { 'sign-in': true } }))
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument()
    })
  })

  it('keeps the desktop drawer compact across visits', async () => {
    const first = renderRoute('/')
    const side = await screen.findByRole('complementary', { name: 'Menu' })
    await first.user.click(within(side).getByRole('button', { name: 'Compact menu' }))
    expect(localStorage.getItem(DRAWER_COMPACT_KEY)).toBe('true')
    expect(side).toHaveAttribute('data-compact', 'true')
    expect(within(side).getByRole('button', { name: 'Compact menu' })).toHaveAttribute('aria-pressed', 'true')
    first.unmount()

    renderRoute('/')
    const again = await screen.findByRole('complementary', { name: 'Menu' })
    expect(again).toHaveAttribute('data-compact', 'true')
  })

  it('switches the colour mode and remembers it', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }),
    })
    const store = startColorMode()
    const { user } = renderRoute('/')
    await user.click(await screen.findByRole('button', { name: 'Menu' }))
    const drawer = await screen.findByRole('dialog', { name: 'Menu' })
    const modes = within(drawer).getByRole('group', { name: 'Colour mode' })
    expect(within(modes).getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true')
    expect(document.documentElement.dataset.colorMode).toBe('dark')

    await user.click(within(modes).getByRole('button', { name: 'Light' }))
    expect(within(modes).getByRole('button', { name: 'Light' })).toHaveAttribute('aria-pressed', 'true')
    expect(document.documentElement.dataset.colorMode).toBe('light')
    expect(localStorage.getItem(COLOR_MODE_KEY)).toBe('light')
    store.stop()
  })
})
