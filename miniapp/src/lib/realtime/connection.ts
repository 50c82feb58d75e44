import {
  REALTIME_MAX_RECONNECT_DELAY_MS,
  REALTIME_MAX_SERVER_PING_DELAY_MS,
  REALTIME_MIN_RECONNECT_DELAY_MS,
  REALTIME_TIMEOUT_MS,
} from '@/config/constants'
import type { ChannelRegistry } from '@/lib/realtime/channel-registry'

export type ConnectionState = 'disconnected' | 'connecting' | 'connected'

export interface RealtimeOptions {
  /** The session token; none for a guest's anonymous connection. */
  token: string | undefined
  /** A fresh token when the server says the current one expired; none for a guest. */
  getToken: (() => Promise<string>) | undefined
  registry: ChannelRegistry
  onStateChange?: (state: ConnectionState) => void
  url?: string
}

export interface RealtimeConnection {
  /** Unsubscribes every channel and disconnects for good. */
  close: () => void
}

/** The socket on this origin: `/api/connection/websocket`. */
function realtimeUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/connection/websocket`
}

/**
 * Connects the npm `centrifuge` client (loaded on demand: the home page's first view does without it) with the
 * spec's defaults, and keeps its subscriptions equal to the registry's channels.
 */
export async function connectRealtime({ token, getToken, registry, onStateChange, url }: RealtimeOptions): Promise<RealtimeConnection> {
  const { Centrifuge } = await import('centrifuge')
  const client = new Centrifuge(url ?? realtimeUrl(), {
    token: token ?? '',
    getToken: getToken ?? null,
    minReconnectDelay: REALTIME_MIN_RECONNECT_DELAY_MS,
    maxReconnectDelay: REALTIME_MAX_RECONNECT_DELAY_MS,
    timeout: REALTIME_TIMEOUT_MS,
    maxServerPingDelay: REALTIME_MAX_SERVER_PING_DELAY_MS,
  })
  client.on('state', ({ newState }) => onStateChange?.(newState))
  client.on('error', ({ error }) => {
    console.warn('[realtime] client error', error)
  })

  const sync = () => {
    const wanted = new Set(registry.channels())
    for (const [channel, subscription] of Object.entries(client.subscriptions())) {
      if (!wanted.has(channel)) client.removeSubscription(subscription)
    }
    for (const channel of wanted) {
      if (client.getSubscription(channel)) continue
      const subscription = client.newSubscription(channel)
      subscription.on('publication', ({ data }) => {
        registry.dispatch(channel, data)
      })
      subscription.on('subscribed', () => {
        registry.subscribed(channel)
      })
      subscription.on('error', ({ error }) => {
        console.warn(`[realtime] ${channel} subscription error`, error)
      })
      subscription.subscribe()
    }
  }
  const stopSync = registry.onChannelsChange(sync)
  sync()
  client.connect()

  return {
    close: () => {
      stopSync()
      for (const subscription of Object.values(client.subscriptions())) client.removeSubscription(subscription)
      client.disconnect()
      client.removeAllListeners()
    },
  }
}
