import { render, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import LiveChat, { type ChatPlayer } from '@/features/chat/live-chat'
import type { FcWidget } from '@/features/chat/widget'
import { openChat, useChat } from '@/lib/chat'
import { profile } from '@/test/fixtures'
import { server } from '@/test/msw/server'

const host = window as unknown as { fcWidget?: FcWidget }

/** A fake Freshchat widget recording its calls; `emit` plays its events. */
function fakeWidget() {
  const listeners: Record<string, ((payload: unknown) => void)[]> = {}
  let initialized = false
  const widget = {
    init: vi.fn(() => {
      initialized = true
    }),
    isInitialized: () => initialized,
    open: vi.fn(),
    destroy: vi.fn(() => {
      initialized = false
    }),
    on: (event: string, listener: (payload: unknown) => void) => {
      ;(listeners[event] ??= []).push(listener)
    },
    user: { setProperties: vi.fn(() => Promise.resolve({})), clear: vi.fn(() => Promise.resolve({})) },
    emit: (event: string, payload: unknown = {}) => {
      for (const listener of listeners[event] ?? []) listener(payload)
    },
  }
  host.fcWidget = widget
  return widget
}

const ana: ChatPlayer = { id: 7, restoreId: null, firstName: 'Ana', lastName: null, email: 'ana@example.com', phone: null, locale: 'en' }

function Unread() {
  const chat = useChat()
  return <output aria-label="unread">{chat.available ? String(chat.unread) : 'none'}</output>
}

afterEach(() => {
  delete host.fcWidget
  vi.restoreAllMocks()
})

describe('the live chat', () => {
  it('starts hidden with the player, saves a new chat user’s restore id to the profile, and counts unread answers', async () => {
    const widget = fakeWidget()
    const saved: unknown[] = []
    server.use(
      http.put('/api/player/profile', async ({ request }) => {
        saved.push(await request.json())
        return HttpResponse.json({ profile: { ...profile, freshchatRestoreId: 'restore-1' } })
      }),
    )
    const onProfile = vi.fn()
    const view = render(
      <>
        <LiveChat host="/sandbox/chat" token="tok" player={ana} details={{ currency: 'USD' }} onProfile={onProfile} />
        <Unread />
      </>,
    )
    await waitFor(() => {
      expect(widget.init).toHaveBeenCalledTimes(1)
    })
    expect(widget.init).toHaveBeenCalledWith({
      token: 'tok',
      host: '/sandbox/chat',
      externalId: '7',
      locale: 'en',
      firstName: 'Ana',
      email: 'ana@example.com',
      config: { headerProperty: { hideChatButton: true } },
    })

    widget.emit('user:created', { status: 200, data: { restoreId: 'restore-1' } })
    await waitFor(() => {
      expect(onProfile).toHaveBeenCalledWith(expect.objectContaining({ freshchatRestoreId: 'restore-1' }))
    })
    expect(saved).toEqual([{ freshchatRestoreId: 'restore-1' }])

    widget.emit('unreadCount:notify', { count: 2 })
    expect(await view.findByLabelText('unread')).toHaveTextContent('2')
    openChat()
    expect(widget.open).toHaveBeenCalledTimes(1)

    // The player's details as they change.
    view.rerender(
      <>
        <LiveChat host="/sandbox/chat" token="tok" player={ana} details={{ currency: 'EUR' }} onProfile={onProfile} />
        <Unread />
      </>,
    )
    await waitFor(() => {
      expect(widget.user.setProperties).toHaveBeenLastCalledWith({ currency: 'EUR', firstName: 'Ana', email: 'ana@example.com', locale: 'en' })
    })
  })

  it('clears the chat’s user on sign-out, destroys the widget and starts it again for the guest', async () => {
    const widget = fakeWidget()
    const view = render(<LiveChat host="/sandbox/chat" token="tok" player={ana} details={{}} onProfile={vi.fn()} />)
    await waitFor(() => {
      expect(widget.init).toHaveBeenCalledTimes(1)
    })
    view.rerender(<LiveChat host="/sandbox/chat" token="tok" player={undefined} details={{}} onProfile={vi.fn()} />)
    await waitFor(() => {
      expect(widget.destroy).toHaveBeenCalledTimes(1)
    })
    expect(widget.user.clear).toHaveBeenCalledTimes(1)
    widget.emit('widget:destroyed')
    expect(widget.init).toHaveBeenCalledTimes(2)
    expect(widget.init).toHaveBeenLastCalledWith({ token: 'tok', host: '/sandbox/chat', config: { headerProperty: { hideChatButton: true } } })
  })

  it('only logs a restore id the platform did not save', async () => {
    const widget = fakeWidget()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    server.use(http.put('/api/player/profile', () => HttpResponse.json({ code: 'internal', message: 'No.' }, { status: 500 })))
    const onProfile = vi.fn()
    render(<LiveChat host="/sandbox/chat" token="tok" player={ana} details={{}} onProfile={onProfile} />)
    await waitFor(() => {
      expect(widget.init).toHaveBeenCalled()
    })
    widget.emit('user:created', { status: 200, data: { restoreId: 'restore-2' } })
    await waitFor(() => {
      expect(warn).toHaveBeenCalledWith('[chat] the restore id was not saved', expect.anything())
    })
    expect(onProfile).not.toHaveBeenCalled()
  })
})
