import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { SubmitButton } from '@/components/ui/submit-button'
import { connectMainButton, type MainButtonState, pressMainButton } from '@/lib/main-button'

afterEach(() => {
  connectMainButton(undefined)
})

function host(draws: (MainButtonState | undefined)[]) {
  return { draw: (state: MainButtonState | undefined) => draws.push(state) }
}

describe('SubmitButton', () => {
  it('is the form’s submit button in a browser, its text saying when the form is being sent', async () => {
    const onSubmit = vi.fn()
    const { rerender } = render(
      <form onSubmit={(event) => { event.preventDefault(); onSubmit() }}>
        <SubmitButton text="Save" pendingText="Saving…" pending={false} onSubmit={vi.fn()} />
      </form>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    rerender(
      <form>
        <SubmitButton text="Save" pendingText="Saving…" pending onSubmit={vi.fn()} />
      </form>,
    )
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled()
  })

  it('moves to Telegram’s Main Button once the host connects one: no button on the page, a press submits', () => {
    const draws: (MainButtonState | undefined)[] = []
    const onSubmit = vi.fn()
    const { rerender } = render(<SubmitButton text="Set limit" pendingText="Saving…" pending={false} disabled onSubmit={onSubmit} />)
    expect(screen.getByRole('button', { name: 'Set limit' })).toBeDisabled()
    act(() => {
      connectMainButton(host(draws))
    })
    expect(screen.queryByRole('button')).toBeNull()
    expect(draws.at(-1)).toEqual({ text: 'Set limit', enabled: false, progress: false })
    pressMainButton()
    expect(onSubmit).not.toHaveBeenCalled()
    rerender(<SubmitButton text="Set limit" pendingText="Saving…" pending={false} onSubmit={onSubmit} />)
    expect(draws.at(-1)).toEqual({ text: 'Set limit', enabled: true, progress: false })
    pressMainButton()
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })
})
