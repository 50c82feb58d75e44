import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute } from '@/test/render-route'

describe('the redirect screen', () => {
  it('moves on to a path of this site', async () => {
    const { router } = renderRoute('/redirect?to=%2F%3Fsign-in%3Dtrue')
    // The sign-in modal's chunk loads on first use.
    expect(await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('refuses a dangerous address', async () => {
    renderRoute('/redirect?to=javascript%3Aalert(1)')
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeInTheDocument()
  })
})
