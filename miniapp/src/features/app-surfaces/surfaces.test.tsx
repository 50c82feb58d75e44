import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { countryName } from '@/features/app-surfaces/modals/geo-popup-modal'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

describe('the app surfaces', () => {
  it('name the visitor’s country in the page’s language, and nothing for a value that is no country', () => {
    expect(countryName('BR', 'en')).toBe('Brazil')
    expect(countryName('br', 'es')).toBe('Brasil')
    expect(countryName('Brazil', 'en')).toBeUndefined()
    expect(countryName(undefined, 'en')).toBeUndefined()
  })

  it('open geo-popup from its query with the country, what still works and the way to support', async () => {
    renderRoute('/?geo-popup=DE')
    const dialog = await screen.findByRole('dialog', { name: 'Not available in your country' })
    expect(within(dialog).getByText('Real-money games, sports bets and deposits are not offered in Germany.')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support')
  })

  it("offer the country's language when the platform says the country is not restricted", async () => {
    server.use(http.get('/api/settings/geo', () => HttpResponse.json({ country: 'BR', restricted: false, locale: 'pt-br' })))
    renderRoute('/?geo-popup=BR')
    const dialog = await screen.findByRole('dialog', { name: 'Welcome' })
    expect(within(dialog).getByText('The site is also in Português (Brasil), spoken in Brazil.')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Switch to Português (Brasil)' })).toBeInTheDocument()
  })

  it('open the news dialogs, which say so when no channel is configured', async () => {
    for (const key of ['tg-news', 'telegram-news']) {
      const { unmount } = renderRoute(`/?${key}=true`)
      const dialog = await screen.findByRole('dialog', { name: 'News on Telegram' })
      expect(within(dialog).getByText(/There is no news channel yet/)).toBeInTheDocument()
      unmount()
    }
  })

  it('open install-app with the steps for the browser when it offers no install dialog', async () => {
    renderRoute('/?install-app=true')
    const dialog = await screen.findByRole('dialog', { name: 'Install Sandbox Casino' })
    expect(within(dialog).getByText(/Install app or Add to home screen/)).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Install' })).not.toBeInTheDocument()
  })
})
