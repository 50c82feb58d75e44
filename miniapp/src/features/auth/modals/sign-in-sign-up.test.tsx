import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { fakeJwt } from '@/test/fake-jwt'
import { storeToken } from '@/lib/session'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const token = () => fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 })

function signedInApi() {
  server.use(
    http.get('/api/player/profile', () => HttpResponse.json(profile)),
    http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
  )
}

describe('URL modals', () => {
  it('opens sign-in from the query as a labelled dialog, and Escape closes it by removing the key', async () => {
    const { user, router } = renderRoute('/?sign-in=true')

    const dialog = await screen.findByRole('dialog', { name: 'Sign in' })
    expect(dialog).toHaveStyle({ zIndex: '1001' })
    await waitFor(() => {
      expect(within(dialog).getByLabelText('E-mail')).toHaveFocus()
    })

    await user.keyboard('{Escape}')

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    })
    expect(router.state.location.search).toEqual({})
  })

  it('keeps focus inside the dialog', async () => {
    const { user } = renderRoute('/?sign-in=true')
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' })
    await waitFor(() => {
      expect(within(dialog).getByLabelText('E-mail')).toHaveFocus()
    })

    for (let step = 0; step < 8; step += 1) {
      await user.tab()
      expect(dialog).toContainElement(document.activeElement as HTMLElement)
    }
  })

  it('replaces the query when another modal opens, closing the first', async () => {
    const { user, router } = renderRoute('/?sign-in=true')
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' })

    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }))

    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).not.toBeInTheDocument()
    expect(router.state.location.search).toEqual({ 'sign-up': true })
  })

  it('removes a signed-in-only modal a guest opens', async () => {
    const { router } = renderRoute('/?wallet=deposit')
    await waitFor(() => {
      expect(router.state.location.search).toEqual({})
    })
  })

  it('removes a guest-only modal a signed-in player opens', async () => {
    storeToken(token())
    signedInApi()
    const { router } = renderRoute('/?sign-up=true')

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    await waitFor(() => {
      expect(router.state.location.search).toEqual({})
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('sign-in', () => {
  it('checks the fields before calling, then shows a refused sign-in on the form', async () => {
    server.use(
      http.post('/api/player/sessions', () =>
        HttpResponse.json({ code: 'invalid_credentials', message: 'Wrong login or password.' }, { status: 401 }),
      ),
    )
    const { user } = renderRoute('/?sign-in=true')
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' })

    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }))
    expect(within(dialog).getByLabelText('E-mail')).toHaveAccessibleDescription('Value is required')
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('Value is required')

    await user.type(within(dialog).getByLabelText('E-mail'), 'ana@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password')
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }))

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The e-mail or password is incorrect.')
  })

  it('signs in, goes home and shows the balance in the header', async () => {
    const sent: unknown[] = []
    server.use(
      http.post('/api/player/sessions', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ accessToken: token(), profile })
      }),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
    )
    const { user, router } = renderRoute('/?sign-in=true')
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' })

    await user.type(within(dialog).getByLabelText('E-mail'), 'ana@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'correct-horse')
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    expect(sent).toEqual([{ login: 'ana@example.com', password: 'correct-horse', fingerprint: 'test-visitor', secondFingerprint: expect.any(String) as string }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(router.state.location.search).toEqual({})
  })
})

describe('sign-up', () => {
  it('offers the enabled currencies and shows the server’s field errors on the fields', async () => {
    server.use(
      http.post('/api/player/register', () =>
        HttpResponse.json(
          { code: 'validation_failed', message: 'Check the fields.', fields: { email: 'This e-mail is already registered' } },
          { status: 422 },
        ),
      ),
    )
    const { user } = renderRoute('/?sign-up=true')
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' })

    const currency = await within(dialog).findByLabelText('Currency')
    expect(within(currency).getAllByRole('option').map((option) => option.textContent)).toEqual(['USD', 'BTC'])

    await user.click(within(dialog).getByRole('button', { name: 'Create account' }))
    expect(within(dialog).getByLabelText('E-mail')).toHaveAccessibleDescription('Value is required')
    expect(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ })).toHaveAccessibleDescription('This must be accepted')

    await user.type(within(dialog).getByLabelText('E-mail'), 'taken@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'short')
    await user.click(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }))
    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription(
      'This field should be at least 8 characters long',
    )

    await user.clear(within(dialog).getByLabelText('Password'))
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough')
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }))

    await waitFor(() => {
      expect(within(dialog).getByLabelText('E-mail')).toHaveAccessibleDescription('This e-mail is already registered')
    })
  })

  it('registers with the chosen currency, signs in and lands home signed in', async () => {
    const sent: unknown[] = []
    server.use(
      http.post('/api/player/register', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ profile }, { status: 201 })
      }),
      http.post('/api/player/sessions', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ accessToken: token(), profile })
      }),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: [{ id: 3, currency: 'BTC', balance: 0, status: 1 }] })),
    )
    const { user } = renderRoute('/?sign-up=true')
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' })

    await user.type(await within(dialog).findByLabelText('E-mail'), 'new@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'long-enough')
    await user.selectOptions(within(dialog).getByLabelText('Currency'), 'BTC')
    await user.click(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }))

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('0.00 mBTC')
    expect(sent).toEqual([
      {
        email: 'new@example.com',
        password: 'long-enough',
        currency: 'BTC',
        receiveEmailPromo: false,
        receiveSmsPromo: false,
        receiveBonus: false,
        agreements: true,
        fingerprint: 'test-visitor',
        secondFingerprint: expect.any(String) as string,
      },
      { login: 'new@example.com', password: 'long-enough', fingerprint: 'test-visitor', secondFingerprint: expect.any(String) as string },
    ])
  })
})
