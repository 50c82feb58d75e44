import { describe, expect, it } from 'vitest'

import { type GridPlacement, KEPT_MARGIN_PX, nextGridWindow, OVERSCAN_PX } from '@/features/games/grid-window'

/** A phone's listing: three columns of 190 px rows, 200 rows (600 games), an 840 px screen. */
const stride = 190
const at = (scrolled: number, change: Partial<GridPlacement> = {}): GridPlacement => ({
  columns: 3,
  rowStride: stride,
  rows: 200,
  top: -scrolled,
  viewportHeight: 840,
  ...change,
})

describe('the rows of the game grid in the page', () => {
  it('reach OVERSCAN_PX beyond each edge of the screen when placed', () => {
    const placed = nextGridWindow(undefined, at(10 * stride))
    expect(placed).toEqual({
      columns: 3,
      rowStride: stride,
      firstRow: Math.floor((10 * stride - OVERSCAN_PX) / stride),
      lastRow: Math.floor((10 * stride + 840 + OVERSCAN_PX) / stride),
    })
    expect(nextGridWindow(undefined, at(0)).firstRow).toBe(0)
  })

  it('stay as they are (the same object, no render) for the next rows scrolled, then move by several rows at once', () => {
    const placed = nextGridWindow(undefined, at(10 * stride))
    // Three rows down or up: the rows already in the page still cover the kept margin.
    expect(nextGridWindow(placed, at(13 * stride))).toBe(placed)
    expect(nextGridWindow(placed, at(7 * stride))).toBe(placed)
    // Scrolled down until the rows below the screen's edge are just the kept margin, then one row more.
    const lastFree = (placed.lastRow + 1) * stride - 840 - KEPT_MARGIN_PX - 1
    expect(nextGridWindow(placed, at(lastFree))).toBe(placed)
    const moved = nextGridWindow(placed, at(lastFree + stride))
    expect(moved.lastRow - placed.lastRow).toBeGreaterThanOrEqual(4)
    // Scrolling back up moves it when the kept margin above runs out.
    const upFree = placed.firstRow * stride + KEPT_MARGIN_PX
    expect(nextGridWindow(placed, at(upFree))).toBe(placed)
    expect(nextGridWindow(placed, at(upFree - stride)).firstRow).toBeLessThan(placed.firstRow)
  })

  it('are placed again when the columns, the row height or the number of rows change', () => {
    const placed = nextGridWindow(undefined, at(10 * stride))
    expect(nextGridWindow(placed, at(10 * stride, { columns: 4 }))).toMatchObject({ columns: 4 })
    expect(nextGridWindow(placed, at(10 * stride, { rowStride: 200 }))).toMatchObject({ rowStride: 200 })
    // A narrower filter: fewer rows than the window ended at.
    expect(nextGridWindow(placed, at(0, { rows: 5 }))).toMatchObject({ firstRow: 0, lastRow: 4 })
    // Another page appended below the last row: the window reaches into it once it is near.
    const end = nextGridWindow(undefined, at(15 * stride, { rows: 20 }))
    expect(end.lastRow).toBe(19)
    expect(nextGridWindow(end, at(15 * stride, { rows: 28 })).lastRow).toBeGreaterThan(19)
  })
})
