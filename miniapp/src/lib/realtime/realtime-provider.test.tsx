import { render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { RealtimeProvider, useChannel } from '@/lib/realtime'
import { subscribedChannels } from '@/test/msw/realtime'

function Listener() {
  useChannel('global:online', () => undefined)
  return null
}

describe('the real-time provider', () => {
  it('connects a guest for a channel that something in its first render listens to', async () => {
    render(
      <RealtimeProvider userId={undefined} token={undefined} getToken={() => Promise.resolve('')}>
        <Listener />
      </RealtimeProvider>,
    )
    await waitFor(() => {
      expect(subscribedChannels()).toContain('global:online')
    })
  })
})
