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

    await user.click(screen.getByRole('link', { name: 'Homepage' }))

    expect(await screen.findByText('Lucky Sevens')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})
