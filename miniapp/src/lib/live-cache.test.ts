import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'

import { invalidateAfterInFlight, writePublication } from '@/lib/live-cache'

describe('writePublication', () => {
  it('writes at once, and a fetch that started before the push cannot overwrite it', async () => {
    const queryClient = new QueryClient()
    let answer = 'before'
    let release: () => void = () => undefined
    const queryFn = () =>
      new Promise<string>((resolve) => {
        const value = answer
        release = () => {
          resolve(value)
        }
      })
    queryClient.setQueryData(['key'], 'initial')
    const stale = queryClient.query({ queryKey: ['key'], queryFn }).catch(() => undefined)
    answer = 'after'
    writePublication<string>(queryClient, ['key'], () => 'pushed')
    expect(queryClient.getQueryData(['key'])).toBe('pushed')
    release()
    await stale
    // The new fetch (started after the push) is the one that answers.
    await new Promise((resolve) => setTimeout(resolve, 0))
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(queryClient.getQueryData(['key'])).toBe('after')
  })
})

describe('invalidateAfterInFlight', () => {
  it('lets a first fetch that started before the change land, then invalidates the query', async () => {
    const queryClient = new QueryClient()
    let answer = 'before'
    let release: () => void = () => undefined
    const queryFn = () =>
      new Promise<string>((resolve) => {
        const value = answer
        release = () => {
          resolve(value)
        }
      })
    const first = queryClient.query({ queryKey: ['key'], queryFn }).catch(() => undefined)
    answer = 'after'
    const invalidated = invalidateAfterInFlight(queryClient, ['key'])
    release()
    await first
    expect(queryClient.getQueryData(['key'])).toBe('before')
    // The invalidation came after the first fetch landed: the query is stale, not fresh with old data.
    await new Promise((resolve) => setTimeout(resolve, 0))
    await invalidated
    expect(queryClient.getQueryState(['key'])?.isInvalidated).toBe(true)
  })
})
