export type ChannelHandler = (data: unknown) => void

interface Listener {
  handler: ChannelHandler
  /** Called each time the connection (re)subscribes the channel. */
  onSubscribed: (() => void) | undefined
}

/**
 * Which channels features listen to, and their handlers. Features attach and detach handlers; the
 * connection subscribes to exactly the channels that have at least one.
 */
export class ChannelRegistry {
  private readonly handlers = new Map<string, Set<Listener>>()
  private readonly listeners = new Set<() => void>()

  /**
   * Adds `handler` for `channel` (and `onSubscribed`, called each time the channel is subscribed again);
   * returns the function that removes them.
   */
  attach(channel: string, handler: ChannelHandler, onSubscribed?: () => void): () => void {
    const listener: Listener = { handler, onSubscribed }
    let set = this.handlers.get(channel)
    const added = !set
    if (!set) {
      set = new Set()
      this.handlers.set(channel, set)
    }
    set.add(listener)
    if (added) this.changed()
    return () => {
      const current = this.handlers.get(channel)
      if (!current?.delete(listener) || current.size > 0) return
      this.handlers.delete(channel)
      this.changed()
    }
  }

  channels(): string[] {
    return [...this.handlers.keys()]
  }

  /** Hands a publication to every handler of its channel; one failing handler does not stop the others. */
  dispatch(channel: string, data: unknown): void {
    for (const { handler } of this.handlers.get(channel) ?? []) {
      try {
        handler(data)
      } catch (error) {
        console.error(`[realtime] a handler of ${channel} failed`, error)
      }
    }
  }

  /**
   * The connection has (re)subscribed `channel`. The hub keeps no history, so whatever was published
   * before (between a screen's fetch and the subscription, or while the connection was down) is lost:
   * listeners that keep a snapshot of what the channel updates fetch it again.
   */
  subscribed(channel: string): void {
    for (const { onSubscribed } of this.handlers.get(channel) ?? []) {
      try {
        onSubscribed?.()
      } catch (error) {
        console.error(`[realtime] a listener of ${channel} failed on subscribing`, error)
      }
    }
  }

  /** Calls `listener` whenever a channel gains its first handler or loses its last. */
  onChannelsChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  private changed(): void {
    for (const listener of this.listeners) listener()
  }
}
