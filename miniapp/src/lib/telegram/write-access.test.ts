import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { connectNativeBridge } from '@/lib/native'
import { askForWriteAccessOnce, launchAllowsWriteToPm, reportLaunchWriteAccess, WRITE_ACCESS_ASKED_KEY } from '@/lib/telegram/write-access'
import { server } from '@/test/msw/server'

function initData(user: Record<string, unknown>): string {
  return new URLSearchParams({ user: JSON.stringify({ id: 4242, first_name: 'Ana', ...user }), auth_date: '1', hash: 'x' }).toString()
}

/** The changes the platform received. */
function platform(): unknown[] {
  const changes: unknown[] = []
  server.use(
    http.put('/api/player/telegram-notifications', async ({ request }) => {
      changes.push(await request.json())
      return HttpResponse.json({ all: true, kinds: {}, writeAccess: true })
    }),
  )
  return changes
}

function telegramAnswering(answer: boolean | undefined) {
  const requestWriteAccess = vi.fn(() => Promise.resolve(answer))
  connectNativeBridge({ haptic: () => undefined, setBackButton: () => undefined, setClosingConfirmation: () => undefined, requestWriteAccess })
  return requestWriteAccess
}

afterEach(() => {
  connectNativeBridge(undefined)
  localStorage.clear()
})

describe('the bot’s write access', () => {
  it('is read from the launch’s init data', () => {
    expect(launchAllowsWriteToPm(initData({ allows_write_to_pm: true }))).toBe(true)
    expect(launchAllowsWriteToPm(initData({}))).toBe(false)
    expect(launchAllowsWriteToPm('user=%7Bnot-json')).toBe(false)
  })

  it('is reported after a launch that allows it, and only then', async () => {
    const changes = platform()
    await reportLaunchWriteAccess(initData({}))
    expect(changes).toEqual([])
    await reportLaunchWriteAccess(initData({ allows_write_to_pm: true }))
    expect(changes).toEqual([{ writeAccess: true }])
  })

  it('is asked for once, and reported when the player allows it', async () => {
    const changes = platform()
    const ask = telegramAnswering(true)
    await askForWriteAccessOnce(initData({}))
    await askForWriteAccessOnce(initData({}))
    expect(ask).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem(WRITE_ACCESS_ASKED_KEY)).toBe('allowed')
    expect(changes).toEqual([{ writeAccess: true }])
  })

  it('is never asked again once declined, nor when the launch already allows it', async () => {
    const changes = platform()
    const ask = telegramAnswering(false)
    await askForWriteAccessOnce(initData({ allows_write_to_pm: true }))
    expect(ask).not.toHaveBeenCalled()
    await askForWriteAccessOnce(initData({}))
    await askForWriteAccessOnce(initData({}))
    expect(ask).toHaveBeenCalledTimes(1)
    expect(changes).toEqual([])
  })

  it('is asked again later where the client could not ask', async () => {
    const ask = telegramAnswering(undefined)
    await askForWriteAccessOnce(initData({}))
    expect(ask).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem(WRITE_ACCESS_ASKED_KEY)).toBeNull()
  })
})
