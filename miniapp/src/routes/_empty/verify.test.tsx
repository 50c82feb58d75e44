import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'

import { profileQueryOptions } from '@/features/profile/api/get-profile'
import { storeToken } from '@/lib/session'
import { fakeJwt } from '@/test/fake-jwt'
import { accounts, profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

const confirmed = 'new-address@example.com'

describe('the confirmation link', () => {
  it('leaves the profile showing the confirmed address even when the page’s first profile read answers after it', async () => {
    storeToken(fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 }))
    // The page load's own profile read leaves before the confirmation and is answered after it,
    // with the address as it was: what a slow connection or a busy platform does.
    let answerFirstRead: () => void = () => undefined
    const firstReadAnswered = new Promise<void>((resolve) => {
      answerFirstRead = resolve
    })
    let reads = 0
    let linkConfirmed = false
    server.use(
      http.get('/api/player/profile', async () => {
        reads += 1
        if (reads === 1) {
          await firstReadAnswered
          return HttpResponse.json(profile)
        }
        return HttpResponse.json(linkConfirmed ? { ...profile, email: confirmed } : profile)
      }),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
      http.post('/api/player/profile/email/verify/link', () => {
        linkConfirmed = true
        return HttpResponse.json({ email: confirmed })
      }),
    )

    const { queryClient } = renderRoute('/verify/abc123')
    expect(await screen.findByText(`${confirmed} is confirmed as your address.`)).toBeInTheDocument()
    answerFirstRead()

    await waitFor(() => {
      expect(queryClient.getQueryData(profileQueryOptions().queryKey)?.email).toBe(confirmed)
    })
  })
})
