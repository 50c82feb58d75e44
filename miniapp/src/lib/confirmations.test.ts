import { describe, expect, it } from 'vitest'

import { askConfirmation, confirmationRequest, settleConfirmation } from '@/lib/confirmations'

const question = { title: 'Sign out?', message: 'You will need to sign in again.', confirmLabel: 'Sign out' }

describe('confirmations', () => {
  it('keeps a question until it is answered, and answers its caller once', async () => {
    const { id, answer } = askConfirmation(question)
    expect(confirmationRequest(id)).toEqual(question)

    settleConfirmation(id, true)
    settleConfirmation(id, false)

    await expect(answer).resolves.toBe(true)
    expect(confirmationRequest(id)).toBeUndefined()
  })

  it('gives each question its own id', async () => {
    const first = askConfirmation(question)
    const second = askConfirmation(question)
    expect(first.id).not.toBe(second.id)

    settleConfirmation(second.id, false)
    await expect(second.answer).resolves.toBe(false)
    expect(confirmationRequest(first.id)).toEqual(question)
  })
})
