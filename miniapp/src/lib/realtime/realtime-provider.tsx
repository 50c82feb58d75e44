import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react'

import { ChannelRegistry, type ChannelHandler } from '@/lib/realtime/channel-registry'
import type { ConnectionState } from '@/lib/realtime/connection'

const RegistryContext = createContext<ChannelRegistry | undefined>(undefined)
const StateContext = createContext<ConnectionState>('disconnected')

export interface RealtimeProviderProps {
  /** Whose connection this is; undefined for a guest. */
  userId: number | undefined
  /** The session token the connection starts with. */
  token: string | undefined
  /** A fresh token when the server says the current one expired. */
  getToken: () => Promise<string>
  children: ReactNode
}

/**
 * Connects while a player is signed in (again when the player changes), and for a guest while something
 * on screen listens to a channel (the online count): anonymously, without a token, which the hub accepts
 * for `global:online` only. Features attach handlers with `useChannel`.
 */
export function RealtimeProvider({ userId, token, getToken, children }: RealtimeProviderProps) {
  const [registry] = useState(() => new ChannelRegistry())
  const [state, setState] = useState<ConnectionState>('disconnected')
  const [listened, setListened] = useState(false)
  const latest = useRef({ token, getToken })
  useEffect(() => {
    latest.current = { token, getToken }
  })
  useEffect(() => {
    const update = () => {
      setListened(registry.channels().length > 0)
    }
    const stop = registry.onChannelsChange(update)
    // Children's effects run before this one: a channel attached in the first render is already here.
    update()
    return stop
  }, [registry])
  const signedIn = userId !== undefined && token !== undefined
  const connectionOf = signedIn ? userId : listened ? 'guest' : undefined

  // A refreshed token does not reconnect: the client asks `getToken` when it needs a new one.
  useEffect(() => {
    if (connectionOf === undefined) return
    const initialToken = connectionOf === 'guest' ? undefined : latest.current.token
    let cancelled = false
    let connection: { close: () => void } | undefined
    // The connection's code (with the `centrifuge` client) is a chunk loaded once something listens.
    import('@/lib/realtime/connection')
      .then(({ connectRealtime }) => {
        if (cancelled) return undefined
        return connectRealtime({
          token: initialToken,
          getToken: initialToken === undefined ? undefined : () => latest.current.getToken(),
          registry,
          onStateChange: (next) => {
            if (!cancelled) setState(next)
          },
        })
      })
      .then(
        (opened) => {
          if (cancelled) opened?.close()
          else connection = opened
        },
        (error: unknown) => {
          console.error('[realtime] the client did not load', error)
        },
      )
    return () => {
      cancelled = true
      connection?.close()
      setState('disconnected')
    }
  }, [connectionOf, registry])

  return (
    <RegistryContext value={registry}>
      <StateContext value={state}>{children}</StateContext>
    </RegistryContext>
  )
}

/** Calls `handler` with each publication on `channel` (none while `channel` is undefined). */
/**
 * Calls `handler` with each publication of `channel` while mounted (none while `channel` is undefined), and
 * `onSubscribed` each time the connection (re)subscribes it: publications made before are lost, so a
 * listener that keeps a snapshot refetches it there.
 */
export function useChannel(channel: string | undefined, handler: ChannelHandler, onSubscribed?: () => void): void {
  const registry = useContext(RegistryContext)
  if (!registry) throw new Error('useChannel must be used inside <RealtimeProvider>')
  const latest = useRef({ handler, onSubscribed })
  useEffect(() => {
    latest.current = { handler, onSubscribed }
  })
  useEffect(() => {
    if (channel === undefined) return
    return registry.attach(
      channel,
      (data) => {
        latest.current.handler(data)
      },
      () => {
        latest.current.onSubscribed?.()
      },
    )
  }, [registry, channel])
}

export function useRealtimeState(): ConnectionState {
  return useContext(StateContext)
}
