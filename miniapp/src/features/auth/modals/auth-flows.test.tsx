import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { fakeJwt } from '@/test/fake-jwt'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const token = () => fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 })

function recordPosts(path: string, answer: (body: unknown) => Response) {
  const sent: unknown[] = []
  server.use(
    http.post(`/api${path}`, async ({ request }) => {
      const body: unknown = await request.json()
      sent.push(body)
      return answer(body)
    }),
  )
  return sent
}

const noContent = () => new HttpResponse(null, { status: 204 })

describe('forgot password', () => {
  it('goes from sign-in to the reset request, sends the link and confirms it was sent, with a resend', async () => {
    const resets = recordPosts('/player/passwords/reset', noContent)
    const { user, router } = renderRoute('/?sign-in=true')
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign in' })).getByRole('button', { name: 'Forgot password?' }))

    const forgot = await screen.findByRole('dialog', { name: 'Forgot your password?' })
    await user.click(within(forgot).getByRole('button', { name: 'Send reset link' }))
    expect(within(forgot).getByLabelText('E-mail')).toHaveAccessibleDescription('Value is required')
    await user.type(within(forgot).getByLabelText('E-mail'), ' ana@example.com ')
    await user.click(within(forgot).getByRole('button', { name: 'Send reset link' }))

    const sent = await screen.findByRole('dialog', { name: 'Check your e-mail' })
    expect(sent).toHaveTextContent('If an account uses ana@example.com, we have sent it a link')
    expect(router.state.location.search).toEqual({ 'reset-email-send': 'ana@example.com' })
    expect(resets).toEqual([{ email: 'ana@example.com' }])
    // The platform sends one link per 30 seconds; the button says how long to wait.
    expect(within(sent).getByRole('button', { name: /^Send again in \d+ s$/ })).toBeDisabled()
  })

  it('shows the server refusing a malformed address on the field', async () => {
    recordPosts('/player/passwords/reset', () =>
      HttpResponse.json(
        { code: 'validation_failed', message: 'Check the fields.', fields: { email: 'Enter a valid e-mail' } },
        { status: 422 },
      ),
    )
    const { user } = renderRoute('/?forgot-pass=true')
    const forgot = await screen.findByRole('dialog', { name: 'Forgot your password?' })
    await user.type(within(forgot).getByLabelText('E-mail'), 'ana@example.com')
    await user.click(within(forgot).getByRole('button', { name: 'Send reset link' }))

    await waitFor(() => {
      expect(within(forgot).getByLabelText('E-mail')).toHaveAccessibleDescription('Enter a valid e-mail')
    })
  })
})

describe('reset password', () => {
  it('opens from the reset link, sets the new password with its code and offers sign-in', async () => {
    const confirmations = recordPosts('/player/passwords/confirm', noContent)
    const { user, router } = renderRoute('/password-reset/k3y9abc')

    const reset = await screen.findByRole('dialog', { name: 'Set a new password' })
    expect(router.state.location.pathname).toBe('/')
    expect(router.state.location.search).toEqual({ 'reset-pass': 'k3y9abc' })
    expect(within(reset).queryByLabelText('Code from the e-mail')).not.toBeInTheDocument()

    await user.type(within(reset).getByLabelText('New password'), 'short')
    await user.type(within(reset).getByLabelText('Repeat the new password'), 'other')
    await user.click(within(reset).getByRole('button', { name: 'Set new password' }))
    expect(within(reset).getByLabelText('New password')).toHaveAccessibleDescription('This field should be at least 8 characters long')
    expect(within(reset).getByLabelText('Repeat the new password')).toHaveAccessibleDescription('The value must be equal to the password value')
    expect(confirmations).toEqual([])

    await user.clear(within(reset).getByLabelText('New password'))
    await user.type(within(reset).getByLabelText('New password'), 'new-secret-1')
    await user.clear(within(reset).getByLabelText('Repeat the new password'))
    await user.type(within(reset).getByLabelText('Repeat the new password'), 'new-secret-1')
    await user.click(within(reset).getByRole('button', { name: 'Set new password' }))

    const done = await screen.findByRole('dialog', { name: 'Your password is changed' })
    expect(confirmations).toEqual([{ code: 'k3y9abc', password: 'new-secret-1', passwordConfirmation: 'new-secret-1' }])
    await user.click(within(done).getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument()
  })

  it('offers a new link when the link was used or expired', async () => {
    recordPosts('/player/passwords/confirm', () =>
      HttpResponse.json({ code: 'code_invalid', message: 'This code is wrong or has expired.' }, { status: 422 }),
    )
    const { user } = renderRoute('/?reset-pass=spent')
    const reset = await screen.findByRole('dialog', { name: 'Set a new password' })
    await user.type(within(reset).getByLabelText('New password'), 'new-secret-1')
    await user.type(within(reset).getByLabelText('Repeat the new password'), 'new-secret-1')
    await user.click(within(reset).getByRole('button', { name: 'Set new password' }))

    expect(await within(reset).findByRole('alert')).toHaveTextContent('This reset link was already used or has expired.')
    await user.click(within(reset).getByRole('button', { name: 'Send me a new link' }))
    expect(await screen.findByRole('dialog', { name: 'Forgot your password?' })).toBeInTheDocument()
  })

  it('asks for the code from the e-mail when the modal opens without one', async () => {
    renderRoute('/?reset-pass=true')
    const reset = await screen.findByRole('dialog', { name: 'Set a new password' })
    expect(within(reset).getByLabelText('Code from the e-mail')).toBeInTheDocument()
  })
})

describe('phone sign-in with a one-time code', () => {
  it('sends a code to the number, then signs in with it and goes home', async () => {
    const codes = recordPosts('/player/otp/send', () => HttpResponse.json({ sent: true, retryAfter: 30 }))
    const verified = recordPosts('/player/otp/verify', () =>
      HttpResponse.json({ accessToken: token(), profile: { ...profile, phone: '+5511987654321' } }),
    )
    server.use(http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })))
    const { user, router } = renderRoute('/?sign-in=true')
    const signIn = await screen.findByRole('dialog', { name: 'Sign in' })
    await user.click(within(signIn).getByRole('button', { name: 'Phone' }))

    await user.type(within(signIn).getByLabelText('Phone number'), '11 98765')
    await user.click(within(signIn).getByRole('button', { name: 'Send code' }))
    expect(within(signIn).getByLabelText('Phone number')).toHaveAccessibleDescription('The phone number is not valid')
    await user.clear(within(signIn).getByLabelText('Phone number'))
    await user.type(within(signIn).getByLabelText('Phone number'), '+55 (11) 98765-4321')
    await user.click(within(signIn).getByRole('button', { name: 'Send code' }))

    const verify = await screen.findByRole('dialog', { name: 'Enter the code' })
    expect(verify).toHaveAccessibleDescription('We sent a 6-digit code by SMS to +5511987654321.')
    expect(codes).toEqual([{ phone: '+5511987654321' }])
    expect(within(verify).getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled()

    await user.type(within(verify).getByLabelText('Code'), '123456')
    await user.click(within(verify).getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    expect(verified).toEqual([{ phone: '+5511987654321', code: '123456', fingerprint: 'test-visitor' }])
    expect(router.state.location.search).toEqual({})
  })

  it('shows a wrong code on the field and lets the player try again', async () => {
    recordPosts('/player/otp/verify', () =>
      HttpResponse.json({ code: 'code_invalid', message: 'This code is wrong or has expired.' }, { status: 422 }),
    )
    const { user } = renderRoute('/?code-verify=%2B5511987654321')
    const verify = await screen.findByRole('dialog', { name: 'Enter the code' })

    await user.type(within(verify).getByLabelText('Code'), '12')
    await user.click(within(verify).getByRole('button', { name: 'Sign in' }))
    expect(within(verify).getByLabelText('Code')).toHaveAccessibleDescription('The value must be 6 digits')

    await user.clear(within(verify).getByLabelText('Code'))
    await user.type(within(verify).getByLabelText('Code'), '000000')
    await user.click(within(verify).getByRole('button', { name: 'Sign in' }))
    await waitFor(() => {
      expect(within(verify).getByLabelText('Code')).toHaveAccessibleDescription(
        'This code is wrong or has expired. Check it, or ask for a new one.',
      )
    })
  })

  it('sends a new code when asked', async () => {
    const codes = recordPosts('/player/otp/send', () => HttpResponse.json({ sent: true, retryAfter: 30 }))
    const { user } = renderRoute('/?code-verify=%2B5511955554444')
    const verify = await screen.findByRole('dialog', { name: 'Enter the code' })

    await user.click(within(verify).getByRole('button', { name: 'Send a new code' }))

    expect(await within(verify).findByRole('status')).toHaveTextContent('A new code is on its way.')
    expect(codes).toEqual([{ phone: '+5511955554444' }])
    expect(within(verify).getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled()
  })
})

describe('the cookie popup', () => {
  it('asks until the visitor chooses, remembers the choice, and comes back when the query asks', async () => {
    const { user, router } = renderRoute('/')
    const popup = await screen.findByRole('region', { name: 'Cookies' })
    await user.click(within(popup).getByRole('button', { name: 'Necessary only' }))
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cookieConsent') ?? '{}')).toMatchObject({ choice: 'necessary' })

    await router.navigate({ to: '/', search: { 'cookie-request': true } })
    await user.click(within(await screen.findByRole('region', { name: 'Cookies' })).getByRole('button', { name: 'Accept all' }))

    await waitFor(() => {
      expect(router.state.location.search).toEqual({})
    })
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cookieConsent') ?? '{}')).toMatchObject({ choice: 'all' })
  })
})
