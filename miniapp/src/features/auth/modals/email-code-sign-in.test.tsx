import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { fakeJwt } from '@/test/fake-jwt'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const token = () => fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 })

function recordPosts(path: string, answer: () => Response) {
  const sent: unknown[] = []
  server.use(
    http.post(`/api${path}`, async ({ request }) => {
      sent.push(await request.json())
      return answer()
    }),
  )
  return sent
}

describe('e-mail sign-in with a one-time code', () => {
  it('sends a code to the address, then signs in with it and goes home', async () => {
    const codes = recordPosts('/player/otp/email/send', () => HttpResponse.json({ sent: true, retryAfter: 30 }))
    const verified = recordPosts('/player/otp/verify', () => HttpResponse.json({ accessToken: token(), profile }))
    server.use(http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })))
    const { user, router } = renderRoute('/?sign-in=true')
    const signIn = await screen.findByRole('dialog', { name: 'Sign in' })
    await user.click(within(signIn).getByRole('button', { name: 'E-mail code' }))

    await user.type(within(signIn).getByLabelText('E-mail'), 'ana@')
    await user.click(within(signIn).getByRole('button', { name: 'Send code' }))
    expect(within(signIn).getByLabelText('E-mail')).toHaveAccessibleDescription('Value is not a valid email address')
    await user.clear(within(signIn).getByLabelText('E-mail'))
    await user.type(within(signIn).getByLabelText('E-mail'), ' ana@example.com ')
    await user.click(within(signIn).getByRole('button', { name: 'Send code' }))

    const verify = await screen.findByRole('dialog', { name: 'Enter the code' })
    expect(verify).toHaveAccessibleDescription('Enter the code we sent to ana@example.com.')
    expect(codes).toEqual([{ email: 'ana@example.com' }])
    expect(router.state.location.search).toEqual({ 'code-verify': 'ana@example.com' })
    expect(within(verify).getByRole('button', { name: /^Send a new code in \d+ s$/ })).toBeDisabled()

    await user.type(within(verify).getByLabelText('Code'), '123456')
    await user.click(within(verify).getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByTestId('header-balance')).toHaveTextContent('$123.45')
    expect(verified).toEqual([{ email: 'ana@example.com', code: '123456', fingerprint: 'test-visitor' }])
    expect(router.state.location.search).toEqual({})
  })

  it('shows the platform refusing the address on its field', async () => {
    server.use(
      http.post('/api/player/otp/email/send', () =>
        HttpResponse.json(
          { code: 'validation_failed', message: 'The form has errors.', fields: { email: 'Value is not a valid email address' } },
          { status: 422 },
        ),
      ),
    )
    const { user } = renderRoute('/?sign-in=true')
    const signIn = await screen.findByRole('dialog', { name: 'Sign in' })
    await user.click(within(signIn).getByRole('button', { name: 'E-mail code' }))
    await user.type(within(signIn).getByLabelText('E-mail'), 'ana@example')
    await user.click(within(signIn).getByRole('button', { name: 'Send code' }))
    await waitFor(() => {
      expect(within(signIn).getByLabelText('E-mail')).toHaveAccessibleDescription('Value is not a valid email address')
    })
  })

  it('shows a wrong code on the field and sends a new code to the address when asked', async () => {
    recordPosts('/player/otp/verify', () =>
      HttpResponse.json({ code: 'code_invalid', message: 'This code is wrong or has expired.' }, { status: 422 }),
    )
    const codes = recordPosts('/player/otp/email/send', () => HttpResponse.json({ sent: true, retryAfter: 30 }))
    const { user } = renderRoute('/?code-verify=bea%40example.com')
    const verify = await screen.findByRole('dialog', { name: 'Enter the code' })

    await user.type(within(verify).getByLabelText('Code'), '000000')
    await user.click(within(verify).getByRole('button', { name: 'Sign in' }))
    await waitFor(() => {
      expect(within(verify).getByLabelText('Code')).toHaveAccessibleDescription(
        'This code is wrong or has expired. Check it, or ask for a new one.',
      )
    })

    await user.click(within(verify).getByRole('button', { name: 'Send a new code' }))
    expect(await within(verify).findByRole('status')).toHaveTextContent('A new code is on its way.')
    expect(codes).toEqual([{ email: 'bea@example.com' }])
  })
})
