import { act, fireEvent, render } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { GameLinks } from '@/features/games/components/game-links'
import { GameTile } from '@/features/games/components/game-tile'
import { FakeObserver } from '@/test/fake-intersection-observer'

const game = {
  id: 7,
  identity: 'lucky-sevens',
  name: 'Lucky Sevens',
  images: { '3x4': { '1x': '/art/1x.jpg', '2x': '/art/2x.jpg', '3x': '/art/3x.jpg' } },
} as Parameters<typeof GameTile>[0]['game']

/** Only the anchor's attributes matter here; the list's handlers are the grid's tests' subject. */
const links = {
  anchorProps: (identity: string) => ({ href: `/game/${identity}`, 'data-game': identity }),
} as GameLinks

/** The box the artwork fills, and the artwork (jsdom has no IntersectionObserver: every tile is near). */
function renderTile() {
  const { container } = render(<GameTile game={game} links={links} />)
  const image = container.querySelector('img')
  if (!image?.parentElement) throw new Error('the tile has no artwork')
  return { image, box: image.parentElement }
}

describe("a tile's artwork placeholder", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is still while the artwork is on its way, and sweeps only once it is slow', () => {
    const { image, box } = renderTile()
    expect(box).not.toHaveClass('skeleton')
    act(() => {
      vi.advanceTimersByTime(599)
    })
    expect(box).not.toHaveClass('skeleton')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(box).toHaveClass('skeleton')

    fireEvent.load(image)
    expect(box).not.toHaveClass('skeleton')
    expect(image).toHaveAttribute('data-loaded')
  })

  it('never sweeps when the artwork arrives in time', () => {
    const { image, box } = renderTile()
    fireEvent.load(image)
    act(() => {
      vi.advanceTimersByTime(5_000)
    })
    expect(box).not.toHaveClass('skeleton')
  })

  it('stops sweeping when the artwork fails, and the artwork stays hidden', () => {
    const { image, box } = renderTile()
    act(() => {
      vi.advanceTimersByTime(600)
    })
    expect(box).toHaveClass('skeleton')
    fireEvent.error(image)
    expect(box).not.toHaveClass('skeleton')
    expect(image).not.toHaveAttribute('data-loaded')
    act(() => {
      vi.advanceTimersByTime(5_000)
    })
    expect(box).not.toHaveClass('skeleton')
  })
})

describe("a tile's artwork", () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('is asked for only once the tile comes within the lazy-load margin, without rendering the tile again', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    let commits = 0
    const { container } = render(
      <Profiler
        id="tile"
        onRender={() => {
          commits += 1
        }}
      >
        <GameTile game={game} links={links} />
      </Profiler>,
    )
    const image = container.querySelector('img')
    const box = image?.parentElement
    const observer = FakeObserver.instances.at(-1)
    if (!image || !box || !observer) throw new Error('the tile has no artwork, or nothing watches it')
    expect(image).not.toHaveAttribute('src')
    expect(image).not.toHaveAttribute('srcset')
    expect(observer.observed.has(box)).toBe(true)

    act(() => {
      observer.report([{ target: box, isIntersecting: true }])
    })
    expect(image).toHaveAttribute('src', '/art/1x.jpg')
    expect(image).toHaveAttribute('srcset', '/art/1x.jpg 1x, /art/2x.jpg 2x, /art/3x.jpg 3x')
    expect(commits).toBe(1)
  })
})
