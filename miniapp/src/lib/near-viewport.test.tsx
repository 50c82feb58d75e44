import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { LAZY_LOAD_MARGIN_PX, useNearViewportOnce } from '@/lib/near-viewport'
import { FakeObserver } from '@/test/fake-intersection-observer'

function Artwork({ name }: { name: string }) {
  const [ref, near] = useNearViewportOnce<HTMLDivElement>()
  return (
    <div ref={ref} data-testid={name}>
      {near ? 'loaded' : 'waiting'}
    </div>
  )
}

describe('useNearViewportOnce', () => {
  it('waits until the element comes within the 400 px margin, then stays near; one observer serves all', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(
      <>
        <Artwork name="first" />
        <Artwork name="second" />
      </>,
    )
    expect(FakeObserver.instances).toHaveLength(1)
    const [observer] = FakeObserver.instances as [FakeObserver]
    expect(observer.options.rootMargin).toBe(`${String(LAZY_LOAD_MARGIN_PX)}px`)
    expect(observer.options.scrollMargin).toBe('400px')
    expect(screen.getByTestId('first').textContent).toBe('waiting')
    expect(observer.observed.size).toBe(2)

    const first = screen.getByTestId('first')
    act(() => {
      observer.report([{ target: first, isIntersecting: false }])
    })
    expect(first.textContent).toBe('waiting')
    act(() => {
      observer.report([{ target: first, isIntersecting: true }])
    })
    expect(first.textContent).toBe('loaded')
    expect(screen.getByTestId('second').textContent).toBe('waiting')
    // Near once is near for good: the element is no longer watched.
    expect(observer.observed.has(first)).toBe(false)
    expect(observer.observed.size).toBe(1)
  })
})
