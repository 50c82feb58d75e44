import { loadavg } from 'node:os'
import path from 'node:path'

import { type Browser, type CDPSession, devices, expect, type Page, test } from '@playwright/test'

import { startTrace, type TraceEvent } from './chrome-trace'
import { type CompositorFrames, compositorFrames, FRAME_CATEGORIES, GESTURE_END_MARK, GESTURE_START_MARK } from './compositor-frames'

/**
 * Scrolling the whole catalogue on a mid-range phone (the requirement: "a listing of 600 games scrolls at
 * 60 fps on a mid phone profile"). Each run opens the listing of every game in a fresh context (Pixel 7
 * viewport and touch, empty caches), slows the page's CPU 4× through CDP, and scrolls to the end of the
 * listing with wheel gestures at a steady speed (CDP `Input.synthesizeScrollGesture`; its touch gestures do
 * not scroll in headless Chromium), page after page as the listing loads them. The page
 * records every animation frame; only frames inside a gesture count. The same gestures over a static
 * page of the same height (plain boxes, no script) give the machine's own ceiling under the same
 * profile, so what the listing costs can be told from what the machine costs.
 *
 * Those frames are the main thread's. What the player sees is the compositor's: a wheel or touch scroll
 * is moved on the compositor thread, which presents a frame at each vsync even when the main thread misses
 * it (partially presented: the scroll without the main thread's update). So each run is also traced with
 * a few small categories, and the compositor's frames inside the gestures are counted from the trace
 * (`compositorFrames`): presented fully or partially, dropped, and with missing (checkerboarded) content.
 * The verdict is on those (the assertions at the end say why); the animation frames show the main
 * thread's margin.
 *
 * `npm run build && npm run perf:scroll`; SCROLL_RUNS, SCROLL_CPU_SLOWDOWN, SCROLL_SPEED (px/s) and
 * SCROLL_PATH change the profile; SCROLL_TRACE=1 also writes a Chrome trace of the first run (of run
 * SCROLL_TRACE_RUN, if set: the first run's artwork is drawn by the sandbox as it is asked for, on the same
 * cores) to test-results/scroll-trace.json and prints where the main thread's time went;
 * SCROLL_TRACE_INVALIDATIONS=1 adds why style and layout were invalidated, and SCROLL_TRACE_CATEGORIES
 * (comma-separated) any other categories (`cc,viz,input,latencyInfo,benchmark` show the compositor's
 * work). SCROLL_COMPOSITOR_FRAMES=0 runs without the compositor frames' trace, to check that it does not
 * change the animation frames' numbers.
 */
const LISTING = process.env.SCROLL_PATH ?? '/games/sort-popular'
const RUNS = Number(process.env.SCROLL_RUNS ?? 3)
const CPU_SLOWDOWN = Number(process.env.SCROLL_CPU_SLOWDOWN ?? 4)
/** A steady, brisk reading scroll: about two phone screens a second. */
const SPEED_PX_PER_S = Number(process.env.SCROLL_SPEED ?? 1600)
/** One gesture's length: a long swipe, then the next; the listing loads more in between if it must. */
const GESTURE_PX = 1600
const TRACE = process.env.SCROLL_TRACE === '1'
const TRACED_RUN = Number(process.env.SCROLL_TRACE_RUN ?? 1)
/** With SCROLL_TRACE=1: also record why style and layout were invalidated (Blink's invalidation tracking). */
const TRACE_INVALIDATIONS = process.env.SCROLL_TRACE_INVALIDATIONS === '1'
const TRACE_CATEGORIES = (process.env.SCROLL_TRACE_CATEGORIES ?? '').split(',').filter(Boolean)
const NO_ARTWORK = process.env.SCROLL_NO_ARTWORK === '1'
const COMPOSITOR_FRAMES = process.env.SCROLL_COMPOSITOR_FRAMES !== '0'
const FRAME_MS = 1000 / 60
/** The target: 60 fps, that is at most 5 % of the display's frames dropped during the scroll. */
const DROPPED_TARGET = 0.05
const PHONE = devices['Pixel 7']

// Playwright's trace (recorded for every test, kept on failure) screencasts every
// frame as a JPEG and snapshots the page during the measured gestures, on the same two cores: with it,
// the listing's main-thread frames lose 3–4 fps (docs/performance.md, "Scrolling the 600-game
// listing"). A phone scrolling the listing records nothing of the sort.
test.use({ trace: 'off' })

interface FrameStats {
  frames: number
  seconds: number
  fps: number
  medianMs: number
  p5Ms: number
  p95Ms: number
  /** Display frames (at 60 Hz) without a new frame of the page, over all the display's frames. */
  droppedShare: number
  /** Longest gap between two frames. */
  maxMs: number
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? Number.NaN
const median = (values: number[]) => quantile([...values].sort((a, b) => a - b), 0.5)
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

function frameStats(deltas: number[]): FrameStats {
  const sorted = [...deltas].sort((a, b) => a - b)
  const total = deltas.reduce((sum, delta) => sum + delta, 0)
  // The display's frames in that time at 60 Hz; each one without a new frame of the page was dropped.
  const displayFrames = total / FRAME_MS
  return {
    frames: deltas.length,
    seconds: round(total / 1000, 2),
    fps: round(deltas.length / (total / 1000)),
    medianMs: round(quantile(sorted, 0.5)),
    p5Ms: round(quantile(sorted, 0.05)),
    p95Ms: round(quantile(sorted, 0.95)),
    droppedShare: round(displayFrames > 0 ? Math.max(0, displayFrames - deltas.length) / displayFrames : Number.NaN, 3),
    maxMs: round(sorted.at(-1) ?? Number.NaN),
  }
}

/** Records every animation frame's time in the page (`__frames`), from now on. */
async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const frames: number[] = []
    ;(window as unknown as { __frames: number[] }).__frames = frames
    const tick = (time: number) => {
      frames.push(time)
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}

/** The frame-to-frame times of the frames recorded inside the gestures' time spans. */
async function gestureDeltas(page: Page, spans: [number, number][]): Promise<number[]> {
  const frames = await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames)
  const deltas: number[] = []
  for (let index = 1; index < frames.length; index += 1) {
    const previous = frames[index - 1] ?? 0
    const current = frames[index] ?? 0
    if (spans.some(([start, end]) => previous >= start && current <= end)) deltas.push(current - previous)
  }
  return deltas
}

/**
 * Whether the listing's last game is in the page: the tile at position `total` of a windowed grid, or
 * the `total`-th tile of one that renders them all. A plain DOM query: role queries over hundreds of
 * tiles take the throttled main thread most of a second each.
 */
const lastGameShown = (page: Page, total: number) =>
  page.evaluate((count) => {
    const grid = document.querySelector('ul[aria-label="Games"]')
    return grid !== null && (grid.querySelector(`li[aria-posinset="${String(count)}"]`) !== null || grid.children.length >= count)
  }, total)

const scrollState = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return { remaining: root.scrollHeight - window.innerHeight - window.scrollY, height: root.scrollHeight }
  })

/**
 * Scrolls to the end with touch gestures of at most GESTURE_PX at SPEED_PX_PER_S, waiting (outside the
 * measured spans) when the loaded pages end before `done` says the listing is complete.
 */
async function scrollToEnd(page: Page, cdp: CDPSession, done: () => Promise<boolean>): Promise<[number, number][]> {
  const spans: [number, number][] = []
  const viewport = page.viewportSize() ?? { width: 400, height: 800 }
  for (;;) {
    const { remaining, height } = await scrollState(page)
    if (remaining < 2) {
      if (await done()) return spans
      // The next page is on its way (or the "show more" anchor is being reached): wait for the page to grow.
      await expect.poll(async () => (await scrollState(page)).height, { timeout: 30_000 }).toBeGreaterThan(height)
      continue
    }
    // The marks are the spans' bounds in the trace's clock too (compositorFrames reads them there).
    const start = await page.evaluate((name) => performance.mark(name).startTime, GESTURE_START_MARK)
    await cdp.send('Input.synthesizeScrollGesture', {
      x: Math.round(viewport.width / 2),
      y: Math.round(viewport.height * 0.8),
      yDistance: -Math.min(GESTURE_PX, Math.ceil(remaining)),
      speed: SPEED_PX_PER_S,
      gestureSourceType: 'mouse',
      preventFling: true,
    })
    spans.push([start, await page.evaluate((name) => performance.mark(name).startTime, GESTURE_END_MARK)])
  }
}

async function withThrottledPage<T>(browser: Browser, baseURL: string | undefined, use: (page: Page, cdp: CDPSession) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ ...PHONE, ...(baseURL ? { baseURL } : {}), serviceWorkers: 'block' })
  try {
    // The sandbox draws every game's artwork as SVG, which real operators' raster artwork is not: with
    // SCROLL_NO_ARTWORK=1 it is not served, which tells its cost apart from the rest of the listing's.
    if (NO_ARTWORK) await context.route('**/api/sandbox/images/**', (route) => route.abort())
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    return await use(page, cdp)
  } finally {
    await context.close()
  }
}

/** Where the renderer's main thread spent the scroll: its long tasks and the time of the usual suspects. */
function traceSummary(events: TraceEvent[]) {
  const mainThread = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const main = events.filter((event) => event.pid === mainThread?.pid && event.tid === mainThread.tid && event.ph === 'X')
  const tasks = main.filter((event) => event.name === 'RunTask').map((event) => (event.dur ?? 0) / 1000)
  const byName = new Map<string, number>()
  for (const event of main) {
    if (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') continue
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000)
  }
  return {
    tasks: tasks.length,
    busyMs: Math.round(tasks.reduce((sum, ms) => sum + ms, 0)),
    longTasks: tasks.filter((ms) => ms > 50).length,
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    topEventsMs: Object.fromEntries(
      [...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([name, ms]) => [name, Math.round(ms)]),
    ),
  }
}

/**
 * Starts a run's trace: the compositor frames' small categories (unless SCROLL_COMPOSITOR_FRAMES=0), with
 * the Performance panel's own added on the run SCROLL_TRACE=1 traces. A browser records one trace at a
 * time, so that run's compositor frames come from the heavier trace.
 */
async function startRunTrace(cdp: CDPSession, name: string, full: boolean) {
  if (!full && !COMPOSITOR_FRAMES) return undefined
  const categories = full
    ? [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        ...(TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : []),
        ...TRACE_CATEGORIES,
        ...FRAME_CATEGORIES,
      ]
    : FRAME_CATEGORIES
  return startTrace(cdp, categories, path.join('test-results', full ? 'scroll-trace.json' : `${name}.json`))
}

const compositorSummary = (runs: (CompositorFrames | undefined)[]) => {
  const traced = runs.filter((frames) => frames !== undefined)
  if (traced.length === 0) return undefined
  const of = (key: keyof CompositorFrames) => median(traced.map((frames) => frames[key]))
  return {
    fps: of('fps'),
    displayFps: of('displayFps'),
    full: of('full'),
    partial: of('partial'),
    dropped: of('dropped'),
    droppedWhileScrolling: of('droppedWhileScrolling'),
    droppedShare: of('droppedShare'),
    missingContent: of('missingContent'),
    missingContentShare: median(traced.map((frames) => frames.missingContent / Math.max(1, frames.full + frames.partial))),
  }
}

/** Presented frames drawn with part of the page missing (checkerboard), at most: a main-thread miss the player can see. */
const MISSING_CONTENT_TARGET = 0.01

test(`scrolling ${LISTING} to its end on a mid phone (Pixel 7, CPU ${String(CPU_SLOWDOWN)}× slower), median of ${String(RUNS)} runs: the compositor drops at most ${String(DROPPED_TARGET * 100)} % of frames and draws at most ${String(MISSING_CONTENT_TARGET * 100)} % with content missing`, async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(RUNS * 240_000)
  const listingRuns: (FrameStats & { games: number; loadAverage: number; gestures: number; compositor?: CompositorFrames })[] = []
  const controlRuns: (FrameStats & { compositor?: CompositorFrames })[] = []

  for (let run = 1; run <= RUNS; run += 1) {
    const result = await withThrottledPage(browser, baseURL, async (page, cdp) => {
      await page.goto(LISTING)
      const grid = page.getByRole('list', { name: 'Games' })
      await expect(grid.getByRole('listitem').first()).toBeVisible()
      const total = Number(((await page.getByText(/^\d+ games$/).textContent()) ?? '').replace(/\D/g, ''))
      const [loadAverage = Number.NaN] = loadavg()
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      const fullTrace = TRACE && run === TRACED_RUN
      const stopTrace = await startRunTrace(cdp, `scroll-frames-listing-${String(run)}`, fullTrace)
      await recordFrames(page)
      const spans = await scrollToEnd(page, cdp, () => lastGameShown(page, total))
      const deltas = await gestureDeltas(page, spans)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
      const events = await stopTrace?.()
      if (events && fullTrace) console.log(`trace of run ${String(run)} (test-results/scroll-trace.json): ${JSON.stringify(traceSummary(events))}`)
      expect(await lastGameShown(page, total)).toBe(true)
      return {
        ...frameStats(deltas),
        games: total,
        loadAverage: round(loadAverage, 2),
        gestures: spans.length,
        ...(events ? { compositor: compositorFrames(events) } : {}),
      }
    })
    listingRuns.push(result)
    console.log(`listing run ${String(run)}: ${JSON.stringify(result)}`)

    const control = await withThrottledPage(browser, undefined, async (page, cdp) => {
      // The same height of plain boxes in the same viewport: what this machine scrolls without the app.
      await page.setContent(
        `<meta name="viewport" content="width=device-width"><body style="margin:0">${'<div style="height:180px;margin:12px;background:#ccd;border-radius:12px"></div>'.repeat(
          Math.ceil(result.games / 3),
        )}</body>`,
      )
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      const stopTrace = await startRunTrace(cdp, `scroll-frames-control-${String(run)}`, false)
      await recordFrames(page)
      const spans = await scrollToEnd(page, cdp, () => Promise.resolve(true))
      const deltas = await gestureDeltas(page, spans)
      const events = await stopTrace?.()
      return { ...frameStats(deltas), ...(events ? { compositor: compositorFrames(events) } : {}) }
    })
    controlRuns.push(control)
    console.log(`control run ${String(run)}: ${JSON.stringify(control)}`)
  }

  const summary = (runs: FrameStats[]) => ({
    fps: median(runs.map((r) => r.fps)),
    medianMs: median(runs.map((r) => r.medianMs)),
    p5Ms: median(runs.map((r) => r.p5Ms)),
    p95Ms: median(runs.map((r) => r.p95Ms)),
    droppedShare: median(runs.map((r) => r.droppedShare)),
    maxMs: median(runs.map((r) => r.maxMs)),
  })
  const listing = { runs: RUNS, ...summary(listingRuns), loadAverage: median(listingRuns.map((r) => r.loadAverage)) }
  const listingCompositor = compositorSummary(listingRuns.map((r) => r.compositor))
  const controlCompositor = compositorSummary(controlRuns.map((r) => r.compositor))
  console.log(`median, listing: ${JSON.stringify(listing)}`)
  if (listingCompositor) console.log(`median, listing, compositor frames: ${JSON.stringify(listingCompositor)}`)
  console.log(`median, control (static boxes): ${JSON.stringify(summary(controlRuns))}`)
  if (controlCompositor) console.log(`median, control, compositor frames: ${JSON.stringify(controlCompositor)}`)
  // The target is what the player sees (the requirement: "measure with the Performance panel or a trace"): the
  // compositor's frames, which the Performance panel's Frames track shows and Chrome's own smoothness
  // metric counts during a compositor scroll. The main thread's animation frames above are printed, not
  // held to it: a frame the main thread misses still moves the scroll on screen (presented partially), and
  // shows only where its update was needed there, as missing content, which is held to 1 % of the frames.
  // The test's own animation-frame loop also makes the main thread produce a frame at every vsync, which
  // the listing alone does not ask for.
  if (!COMPOSITOR_FRAMES) {
    console.log('SCROLL_COMPOSITOR_FRAMES=0: the main thread measured alone, no verdict without the compositor frames')
    return
  }
  if (!listingCompositor) throw new Error('the runs were traced, but no compositor frames were counted')
  expect
    .soft(listingCompositor.droppedShare, "median share of the compositor's frames dropped while scrolling the listing")
    .toBeLessThanOrEqual(DROPPED_TARGET)
  expect
    .soft(listingCompositor.missingContentShare, 'median share of presented frames drawn with content missing (checkerboard)')
    .toBeLessThanOrEqual(MISSING_CONTENT_TARGET)
})
