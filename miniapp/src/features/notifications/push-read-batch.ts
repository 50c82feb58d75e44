/**
 * Pushes the player reads, sent together (spec section 4: "Reading a push lowers unread by 1 and queues
 * its id to be sent later"). Reading marks the push at once on screen; the ids wait `delayMs` for
 * others and go in one call; a failed call puts its ids back for the next one.
 */
export class PushReadBatch {
  private readonly waiting = new Set<number>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private sending: Promise<void> | undefined

  constructor(
    private readonly send: (ids: number[]) => Promise<unknown>,
    private readonly delayMs: number,
  ) {}

  /** Queues a push id; false when it was already waiting. */
  queue(id: number): boolean {
    if (this.waiting.has(id)) return false
    this.waiting.add(id)
    this.timer ??= setTimeout(() => {
      void this.flush()
    }, this.delayMs)
    return true
  }

  /** Sends what waits now (page hidden, sign-out); resolves when the call is done. */
  async flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    await this.sending
    const ids = [...this.waiting]
    if (ids.length === 0) return
    this.waiting.clear()
    this.sending = this.send(ids).then(
      () => undefined,
      () => {
        for (const id of ids) this.waiting.add(id)
      },
    )
    await this.sending
    this.sending = undefined
  }

  pending(): number[] {
    return [...this.waiting]
  }
}
