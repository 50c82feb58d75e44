import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '@/test/render-route'

describe('an unknown path', () => {
  it("shows the spec's error page with a way home", async () => {
    const { user, router } = renderRoute('/no/such/page')

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(
      screen.getByText(
        'The page you are trying to access does not exist or has been moved. Try going back to our homepage.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('Page not found: /no/such/page')).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Homepage' }))

    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('keeps the language of a prefixed address, message included, and leads to that language root', async () => {
    const { user, router } = renderRoute('/es/no/such/page')

    expect(await screen.findByText('Página no encontrada: /no/such/page')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Página de inicio' }))
    await screen.findByText('Lucky Sevens')
    expect(router.history.location.pathname).toBe('/es/')
  })
})

describe('a route whose validation refuses the path', () => {
  it("shows the error page with the validation's message", async () => {
    renderRoute('/password-reset/not%20a%20code')

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('Page Not Found: /password-reset/not a code')).toBeInTheDocument()
  })
})
