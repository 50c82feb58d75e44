import { act, render, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { RealtimeProvider, useChannel } from '@/lib/realtime'
import { subscribedChannels } from '@/test/msw/realtime'

// The first load of the connection's chunk fails, as it does when the page went offline before it came.
const chunk = vi.hoisted(() => ({ failuresLeft: 1 }))
vi.mock('@/lib/realtime/connection', async (importOriginal) => {
  if (chunk.failuresLeft > 0) {
    chunk.failuresLeft -= 1
    throw new TypeError('Failed to fetch dynamically imported module: /assets/connection.js')
  }
  return importOriginal()
})

function Listener() {
  useChannel('global:online', () => undefined)
  return null
}

describe('the real-time provider', () => {
  it('loads the connection again once the browser is back online when its chunk failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const app = (listening: boolean) => (
      <RealtimeProvider userId={undefined} token={undefined} getToken={() => Promise.resolve('')}>
        {listening ? <Listener /> : null}
      </RealtimeProvider>
    )
    // A guest connects once something on screen listens (the online count mounts after the provider).
    const { rerender } = render(app(false))
    rerender(app(true))
    await waitFor(() => {
      expect(chunk.failuresLeft).toBe(0)
    })
    expect(subscribedChannels()).not.toContain('global:online')

    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    await waitFor(() => {
      expect(subscribedChannels()).toContain('global:online')
    })
  })
})
