import { act, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { NEAR_VIEWPORT_MARGIN, ON_SCREEN_MARGIN } from '@/features/games/components/collection-feed'
import { resetVisitorScrolled } from '@/lib/visitor-scrolled'
import { collection } from '@/test/fixtures'
import { FakeObserver } from '@/test/fake-intersection-observer'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'

/** The observers the feed's rows below the first screen are watched by now, with their margins. */
const rowWatchers = () => FakeObserver.instances.filter((observer) => observer.observed.size > 0 && observer.options.rootMargin !== '400px')

afterEach(() => {
  FakeObserver.instances = []
  resetVisitorScrolled()
})

describe('the collection feed', () => {
  it('renders the rows below the first screen only once they are on it, until the visitor scrolls; then 600 px ahead', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    const rows = ['popular', 'new', 'third', 'fourth'].map((identity, index) => collection(identity, `Row ${String(index + 1)}`))
    server.use(http.get('/api/game/collections', () => HttpResponse.json({ data: rows })))
    renderRoute('/')

    await screen.findByRole('region', { name: 'Row 1' })
    // The first two rows render at once; the others wait, watched only for being on screen.
    expect(screen.queryByRole('region', { name: 'Row 3' })).not.toBeInTheDocument()
    expect(rowWatchers().map((observer) => observer.options.rootMargin)).toEqual([ON_SCREEN_MARGIN, ON_SCREEN_MARGIN])

    act(() => {
      window.dispatchEvent(new Event('scroll'))
    })
    const watchers = rowWatchers()
    expect(watchers.map((observer) => observer.options.rootMargin)).toEqual([NEAR_VIEWPORT_MARGIN, NEAR_VIEWPORT_MARGIN])

    // Within the margin now: the row renders.
    const [third] = watchers as [FakeObserver]
    const [anchor] = [...third.observed] as [Element]
    act(() => {
      third.report([{ target: anchor, isIntersecting: true }])
    })
    expect(await screen.findByRole('region', { name: 'Row 3' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Row 4' })).not.toBeInTheDocument()
  })
})
