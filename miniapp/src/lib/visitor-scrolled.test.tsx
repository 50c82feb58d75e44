import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { resetVisitorScrolled, useVisitorHasScrolled } from '@/lib/visitor-scrolled'

function Probe() {
  return <p>{useVisitorHasScrolled() ? 'scrolled' : 'not yet'}</p>
}

afterEach(() => {
  resetVisitorScrolled()
})

describe('useVisitorHasScrolled', () => {
  it.each([
    ['a scroll of the page', () => new Event('scroll')],
    ['a carousel scrolled sideways (scroll does not bubble)', () => new Event('scroll')],
    ['a wheel', () => new WheelEvent('wheel', { bubbles: true })],
    ['a key', () => new KeyboardEvent('keydown', { key: 'PageDown', bubbles: true })],
  ])('turns true at %s, and stays true', (sign, event) => {
    render(
      <>
        <div data-testid="carousel" />
        <Probe />
      </>,
    )
    expect(screen.getByText('not yet')).toBeInTheDocument()
    const target = sign.startsWith('a carousel') ? screen.getByTestId('carousel') : window
    act(() => {
      target.dispatchEvent(event())
    })
    expect(screen.getByText('scrolled')).toBeInTheDocument()
  })

  it('counts a scroll from before the first component that asks', () => {
    window.dispatchEvent(new Event('scroll'))
    render(<Probe />)
    expect(screen.getByText('scrolled')).toBeInTheDocument()
  })

  it('is false until then, and a click is not a scroll', () => {
    render(<Probe />)
    act(() => {
      document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    })
    expect(screen.getByText('not yet')).toBeInTheDocument()
  })
})
