/* eslint-disable no-restricted-syntax -- live-cache works on any key: its test needs one that no feature owns */
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'

import { invalidateAfterInFlight, writePublication } from '@/lib/live-cache'

/**
 * A query function whose fetches answer only when released: each answers what `answer` was when it
 * started, so a test can tell a fetch begun before a change from one begun after it.
 */
function heldFetches(answer: string) {
  const fetches: { answer: string; release: () => void; queryFn: () => Promise<string> } = {
    answer,
    release: () => undefined,
    queryFn: () =>
      new Promise<string>((resolve) => {
        const value = fetches.answer
        fetches.release = () => {
          resolve(value)
        }
      }),
  }
  return fetches
}

describe('writePublication', () => {
  it('writes at once, and a fetch that started before the push cannot overwrite it', async () => {
    const queryClient = new QueryClient()
    const fetches = heldFetches('before')
    queryClient.setQueryData(['key'], 'initial')
    const stale = queryClient.query({ queryKey: ['key'], queryFn: fetches.queryFn }).catch(() => undefined)
    fetches.answer = 'after'
    writePublication<string>(queryClient, ['key'], () => 'pushed')
    expect(queryClient.getQueryData(['key'])).toBe('pushed')
    fetches.release()
    await stale
    // The new fetch (started after the push) is the one that answers.
    await new Promise((resolve) => setTimeout(resolve, 0))
    fetches.release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(queryClient.getQueryData(['key'])).toBe('after')
  })
})

describe('invalidateAfterInFlight', () => {
  it('lets a first fetch that started before the change land, then invalidates the query', async () => {
    const queryClient = new QueryClient()
    const fetches = heldFetches('before')
    const first = queryClient.query({ queryKey: ['key'], queryFn: fetches.queryFn }).catch(() => undefined)
    fetches.answer = 'after'
    const invalidated = invalidateAfterInFlight(queryClient, ['key'])
    fetches.release()
    await first
    expect(queryClient.getQueryData(['key'])).toBe('before')
    // The invalidation came after the first fetch landed: the query is stale, not fresh with old data.
    await new Promise((resolve) => setTimeout(resolve, 0))
    await invalidated
    expect(queryClient.getQueryState(['key'])?.isInvalidated).toBe(true)
  })
})
