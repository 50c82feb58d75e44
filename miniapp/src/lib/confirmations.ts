import { useMemo } from 'react'

import { type ModalValue, useModals } from '@/lib/modals'

/** What the generic confirm dialog asks. */
export interface ConfirmationRequest {
  title: string
  message: string
  confirmLabel: string
  cancelLabel?: string
  /** The confirmed action destroys or ends something (sign out, cancel a bonus). */
  destructive?: boolean
}

interface Pending {
  request: ConfirmationRequest
  settle: (confirmed: boolean) => void
}

/**
 * Questions waiting for the `confirm` modal, by id (the modal's query value). They live in memory: after
 * a reload the question and its caller are gone, so an unknown id closes the modal.
 */
const pending = new Map<string, Pending>()
let nextId = 1

/** Registers a question; returns its id and the answer to come. */
export function askConfirmation(request: ConfirmationRequest): { id: string; answer: Promise<boolean> } {
  const id = String(nextId)
  nextId += 1
  const answer = new Promise<boolean>((resolve) => {
    pending.set(id, {
      request,
      settle: (confirmed) => {
        pending.delete(id)
        resolve(confirmed)
      },
    })
  })
  return { id, answer }
}

export function confirmationRequest(id: string): ConfirmationRequest | undefined {
  return pending.get(id)?.request
}

/** Whether a `confirm` query value names a question a caller on this page is waiting for. */
export function isAskedConfirmation(value: ModalValue): boolean {
  return value !== true && pending.has(value)
}

/** Answers a question (once; later answers are ignored). */
export function settleConfirmation(id: string, confirmed: boolean): void {
  pending.get(id)?.settle(confirmed)
}

/** `confirm(request)` opens the confirm modal and resolves true only when the player confirms. */
export function useConfirm(): (request: ConfirmationRequest) => Promise<boolean> {
  const modals = useModals()
  return useMemo(
    () => (request: ConfirmationRequest) => {
      const { id, answer } = askConfirmation(request)
      void modals.open('confirm', id)
      return answer
    },
    [modals],
  )
}
