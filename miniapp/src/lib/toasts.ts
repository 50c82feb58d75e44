import { useSyncExternalStore } from 'react'

import { ALERT_SPACING_MS, TOAST_LIFETIME_MS, TOAST_WITH_DESCRIPTION_LIFETIME_MS } from '@/config/constants'

type ToastTone = 'success' | 'info' | 'warning' | 'error'

/** A toast's one follow-up, e.g. a free-spin alert's "Play" that opens the game. */
interface ToastAction {
  label: string
  run: () => void
}

export interface ToastInput {
  title: string
  description?: string
  tone?: ToastTone
  action?: ToastAction
}

export interface Toast extends Required<Omit<ToastInput, 'description' | 'action'>> {
  id: number
  description: string | undefined
  action: ToastAction | undefined
}

/** How long a toast stays: 3000 ms, or 5000 ms with a description (spec section 9). */
export function toastLifetime(toast: { description?: string | undefined }): number {
  return toast.description ? TOAST_WITH_DESCRIPTION_LIFETIME_MS : TOAST_LIFETIME_MS
}

/**
 * Notification toasts. Each shows for its lifetime; toasts raised together appear at least 400 ms apart,
 * so a burst (several real-time events at once) reads as a sequence rather than a wall.
 */
export class ToastQueue {
  private shown: Toast[] = []
  private readonly waiting: Toast[] = []
  private nextId = 1
  private lastShownAt = Number.NEGATIVE_INFINITY
  private revealTimer: ReturnType<typeof setTimeout> | undefined
  private readonly listeners = new Set<() => void>()

  constructor(private readonly now: () => number = () => Date.now()) {}

  show(input: ToastInput): number {
    const toast: Toast = { id: this.nextId, title: input.title, description: input.description, tone: input.tone ?? 'info', action: input.action }
    this.nextId += 1
    this.waiting.push(toast)
    this.reveal()
    return toast.id
  }

  dismiss(id: number): void {
    const index = this.waiting.findIndex((toast) => toast.id === id)
    if (index >= 0) this.waiting.splice(index, 1)
    const before = this.shown.length
    this.shown = this.shown.filter((toast) => toast.id !== id)
    if (this.shown.length !== before) this.changed()
  }

  /** The toasts on screen, oldest first; a new array after every change. */
  visible = (): readonly Toast[] => this.shown

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  private reveal(): void {
    if (this.revealTimer !== undefined) return
    const next = this.waiting[0]
    if (!next) return
    const wait = this.lastShownAt + ALERT_SPACING_MS - this.now()
    if (wait > 0) {
      this.revealTimer = setTimeout(() => {
        this.revealTimer = undefined
        this.reveal()
      }, wait)
      return
    }
    this.waiting.shift()
    this.lastShownAt = this.now()
    this.shown = [...this.shown, next]
    this.changed()
    setTimeout(() => {
      this.dismiss(next.id)
    }, toastLifetime(next))
    this.reveal()
  }

  private changed(): void {
    for (const listener of this.listeners) listener()
  }
}

/** The app's one queue. */
export const toasts = new ToastQueue()

export function showToast(input: ToastInput): number {
  return toasts.show(input)
}

export function useToasts(queue: ToastQueue = toasts): readonly Toast[] {
  return useSyncExternalStore(queue.subscribe, queue.visible)
}
