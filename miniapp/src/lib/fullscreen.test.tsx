import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { AboveFullscreen } from '@/lib/fullscreen'

function enterFullscreen(element: Element | null) {
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element })
  act(() => {
    document.dispatchEvent(new Event('fullscreenchange'))
  })
}

describe('AboveFullscreen', () => {
  afterEach(() => {
    enterFullscreen(null)
  })

  it('draws its notice in the element in full screen, and back on the page when it leaves', () => {
    render(
      <>
        <div data-testid="stage" />
        <AboveFullscreen>
          <p role="status">Level up!</p>
        </AboveFullscreen>
      </>,
    )
    const stage = screen.getByTestId('stage')
    expect(stage).not.toContainElement(screen.getByRole('status'))

    enterFullscreen(stage)
    expect(stage).toContainElement(screen.getByRole('status'))

    enterFullscreen(null)
    expect(stage).not.toContainElement(screen.getByRole('status'))
    expect(screen.getByRole('status')).toHaveTextContent('Level up!')
  })
})
