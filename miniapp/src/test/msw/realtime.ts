import { ws } from 'msw'

/** A stand-in for the real-time hub: answers Centrifugo's connect and subscribe commands and publishes on demand. */
const realtimeHub = ws.link('ws://*/api/connection/websocket')

const subscribed = new Map<string, Set<{ send: (data: string) => void }>>()

export const realtimeHandler = realtimeHub.addEventListener('connection', ({ client }) => {
  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return
    for (const line of event.data.split('\n')) {
      if (line.trim() === '') continue
      const command = JSON.parse(line) as { id?: number; connect?: unknown; subscribe?: { channel: string }; unsubscribe?: { channel: string } }
      if (command.connect) {
        client.send(JSON.stringify({ id: command.id, connect: { client: 'test-client', version: '0.0.0', ping: 25, pong: true } }))
      } else if (command.subscribe) {
        const { channel } = command.subscribe
        const clients = subscribed.get(channel) ?? new Set()
        clients.add(client)
        subscribed.set(channel, clients)
        client.send(JSON.stringify({ id: command.id, subscribe: {} }))
      } else if (command.unsubscribe) {
        subscribed.get(command.unsubscribe.channel)?.delete(client)
        client.send(JSON.stringify({ id: command.id, unsubscribe: {} }))
      }
    }
  })
  client.addEventListener('close', () => {
    for (const clients of subscribed.values()) clients.delete(client)
  })
})

/** Channels some test client is subscribed to now. */
export function subscribedChannels(): string[] {
  return [...subscribed].filter(([, clients]) => clients.size > 0).map(([channel]) => channel)
}

/** Sends a publication to every client subscribed to `channel`. */
export function publish(channel: string, data: unknown): void {
  for (const client of subscribed.get(channel) ?? []) {
    client.send(JSON.stringify({ push: { channel, pub: { data } } }))
  }
}

export function resetRealtimeHub(): void {
  subscribed.clear()
}
