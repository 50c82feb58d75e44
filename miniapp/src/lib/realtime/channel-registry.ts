export type ChannelHandler = (data: unknown) => void

/**
 * Which channels features listen to, and their handlers. Features attach and detach handlers; the
 * connection subscribes to exactly the channels that have at least one.
 */
export class ChannelRegistry {
  private readonly handlers = new Map<string, Set<ChannelHandler>>()
  private readonly listeners = new Set<() => void>()

  /** Adds `handler` for `channel`; returns the function that removes it. */
  attach(channel: string, handler: ChannelHandler): () => void {
    let set = this.handlers.get(channel)
    const added = !set
    if (!set) {
      set = new Set()
      this.handlers.set(channel, set)
    }
    set.add(handler)
    if (added) this.changed()
    return () => {
      const current = this.handlers.get(channel)
      if (!current?.delete(handler) || current.size > 0) return
      this.handlers.delete(channel)
      this.changed()
    }
  }

  channels(): string[] {
    return [...this.handlers.keys()]
  }

  /** Hands a publication to every handler of its channel; one failing handler does not stop the others. */
  dispatch(channel: string, data: unknown): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      try {
        handler(data)
      } catch (error) {
        console.error(`[realtime] a handler of ${channel} failed`, error)
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
