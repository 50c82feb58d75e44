import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'

import { SocialButtons } from '@/features/auth/components/social-buttons'
import { acceptSocialState } from '@/features/auth/social-state'
import { server } from '@/test/msw/server'

describe('social sign-in buttons', () => {
  it('ask the platform where to consent, with a state that brings the player back, and go there', async () => {
    const sent: { state: string | null; body: unknown }[] = []
    server.use(
      http.post('/api/player/sessions/social', async ({ request }) => {
        sent.push({ state: new URL(request.url).searchParams.get('state'), body: await request.json() })
        return HttpResponse.json({ redirectUrl: '/sandbox/oauth/google?state=s&redirect_uri=%2Fauth%2Fsocial%2Fgoogle%2Fcallback' })
      }),
    )
    const leave = vi.fn()
    render(<SocialButtons back="/games" affiliateTag="summer" leave={leave} />)

    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }))

    await vi.waitFor(() => {
      expect(leave).toHaveBeenCalledWith('/sandbox/oauth/google?state=s&redirect_uri=%2Fauth%2Fsocial%2Fgoogle%2Fcallback')
    })
    expect(sent[0]?.body).toEqual({ provider: 'google', affiliateTag: 'summer', redirect_domain: window.location.origin, fingerprint: 'test-visitor' })
    expect(acceptSocialState(sent[0]?.state ?? '')).toEqual({ back: '/games', intent: 'sign-in' })
  })

  it('say so when the provider is not available', async () => {
    server.use(http.post('/api/player/sessions/social', () => HttpResponse.json({ code: 'x', message: 'x' }, { status: 400 })))
    render(<SocialButtons back="/" leave={vi.fn()} />)
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Apple' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Apple sign-in is not available right now.')
  })
})
