/**
 * Which rows of a uniform grid are in the page (the windowed game grid, docs/performance.md).
 * Kept apart from the component so the rule can be tested without a layout engine.
 */

import { LAZY_LOAD_MARGIN_PX } from '@/lib/near-viewport'

/**
 * The screen's margin the rendered rows must always cover: the lazy-load margin and about a row more, so
 * a tile is in the page before its artwork is due to be asked for, a quick flick lands on tiles already
 * there, and keyboard focus moving to the next tile finds it rendered (the browser then scrolls it into
 * view, and the window follows).
 */
export const KEPT_MARGIN_PX = LAZY_LOAD_MARGIN_PX + 200

/**
 * How far beyond each edge of the screen the window reaches when it moves. Moving it only once the kept
 * margin runs out, and then by several rows, makes a row's worth of scrolling cost nothing: a window
 * that followed the screen row by row would move with every row, and each move is a render, a commit
 * and a layout of the grid (with the grid's padding changed) in a frame of its own. With this and the
 * tiles' artwork asked for without a render, the main thread does about a quarter less work over the
 * whole listing's scroll (traced runs, docs/performance.md).
 */
export const OVERSCAN_PX = 1400

/** The rows of the grid that are rendered. */
export interface GridWindow {
  columns: number
  /** A row's height and the gap below it. */
  rowStride: number
  firstRow: number
  lastRow: number
}

export interface GridPlacement {
  columns: number
  rowStride: number
  /** Rows in the whole grid. */
  rows: number
  /** Where the grid's top is relative to the screen's (negative once scrolled past). */
  top: number
  viewportHeight: number
}

/** The rows within `margin` of the screen; at least one row, the one measured next time. */
function rowsWithin({ rows, rowStride, top, viewportHeight }: GridPlacement, margin: number) {
  const firstRow = Math.min(rows - 1, Math.max(0, Math.floor((-top - margin) / rowStride)))
  const lastRow = Math.max(firstRow, Math.min(rows - 1, Math.floor((viewportHeight - top + margin) / rowStride)))
  return { firstRow, lastRow }
}

/**
 * The window for the grid placed as `placement`: `previous` itself (so React skips the render) while it
 * still covers the screen and KEPT_MARGIN_PX beyond each edge with the same columns and row height,
 * otherwise the rows within OVERSCAN_PX of the screen.
 */
export function nextGridWindow(previous: GridWindow | undefined, placement: GridPlacement): GridWindow {
  const { columns, rowStride, rows } = placement
  const needed = rowsWithin(placement, KEPT_MARGIN_PX)
  const keeps =
    previous?.columns === columns &&
    previous.rowStride === rowStride &&
    previous.firstRow <= needed.firstRow &&
    previous.lastRow >= needed.lastRow &&
    previous.lastRow < rows
  return keeps ? previous : { columns, rowStride, ...rowsWithin(placement, OVERSCAN_PX) }
}
