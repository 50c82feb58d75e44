import type { FrameReporter, TraceEvent } from './chrome-trace'

/**
 * What a scroll looks like to the player: the frames the page's compositor presented, from a Chrome
 * trace. A wheel or touch scroll is moved by the compositor thread, so the display can show every frame
 * of it while the main thread (and `requestAnimationFrame` there) misses some; the Performance panel's
 * Frames track shows these compositor frames, presented fully, partially (the compositor's update without
 * the main thread's) or dropped.
 *
 * The categories are the small ones that have this, so that a trace of every run does not slow the run
 * it measures: the frame reporters and DevTools' frame events (`PipelineReporter`, `BeginFrame`,
 * `DrawFrame`, `DroppedFrame`), the page's own marks (the gestures' bounds) and the display compositor's
 * frames.
 */
export const FRAME_CATEGORIES = [
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'disabled-by-default-display.framedisplayed',
]

/** The page marks the start and end of each gesture with these (`performance.mark`). */
export const GESTURE_START_MARK = 'scroll-gesture-start'
export const GESTURE_END_MARK = 'scroll-gesture-end'

export interface CompositorFrames {
  /** The gestures' time (at 60 Hz, `vsyncs` should come close to 60 a second of it). */
  seconds: number
  /** The display's frames (vsyncs) the page's compositor began inside the gestures. */
  vsyncs: number
  /** Presented with every update that was due, the main thread's included. */
  full: number
  /** Presented with the compositor's update (the scroll) but without the main thread's for that frame. */
  partial: number
  /** A due update (the compositor's or the main thread's) was not presented. */
  dropped: number
  /** Of those, the ones while the page was scrolling: the scroll itself stuttered. The others are content
   * (the main thread's update) shown a frame late while the page stood still, mostly at a gesture's edges. */
  droppedWhileScrolling: number
  /** Nothing to update in that frame: mostly a gesture's first and last frames, before its first scroll
   * input reaches the compositor and after its last while the end mark waits for the main thread. */
  idle: number
  /** Presented frames drawn with part of the page not yet rastered or recorded (checkerboard). */
  missingContent: number
  /** Presented frames (full or partial) per second of gesture. */
  fps: number
  /** Dropped over the vsyncs that had an update to show (not idle). */
  droppedShare: number
  /** Frames the display compositor drew per second of gesture: the screen's own count. */
  displayFps: number
}

/** The gestures' spans in the trace's clock, from the page's marks. */
function gestureSpans(events: TraceEvent[]): [number, number][] {
  const times = (name: string) =>
    events
      .filter((event) => event.name === name && event.cat === 'blink.user_timing')
      .map((event) => event.ts)
      .sort((a, b) => a - b)
  const ends = times(GESTURE_END_MARK)
  return times(GESTURE_START_MARK).flatMap((start, index): [number, number][] => {
    const end = ends[index]
    return end !== undefined && end > start ? [[start, end]] : []
  })
}

/**
 * Each vsync inside a gesture is classed by its frame reporters (Chrome's `CompositorFrameReporter`,
 * one `PipelineReporter` slice each, keyed by the BeginFrame's `frame_sequence`). A vsync has one
 * reporter, or two when the main thread's work for it was still running when the compositor submitted
 * the frame: one for the compositor's part (presented then, PARTIAL if the main thread's update was
 * missing) and one for the main thread's (presented in a later frame). A vsync is dropped if any of its
 * reporters was, partial if any was presented partially, else full if presented, else idle. Chrome's own
 * smoothness metric counts only the compositor's part as dropped during a compositor scroll; counting
 * either part errs towards more drops, not fewer.
 */
export function compositorFrames(events: TraceEvent[]): CompositorFrames {
  const spans = gestureSpans(events)
  const inside = (ts: number) => spans.some(([start, end]) => ts >= start && ts <= end)
  const seconds = spans.reduce((sum, [start, end]) => sum + (end - start), 0) / 1e6

  const renderers = new Set(events.filter((event) => event.name === 'process_name' && event.args?.name === 'Renderer').map((event) => event.pid))
  const reporters = events.flatMap((event) => {
    const reporter = event.args?.frame_reporter
    return event.name === 'PipelineReporter' && event.ph === 'b' && reporter && renderers.has(event.pid) ? [{ ts: event.ts, pid: event.pid, ...reporter }] : []
  })
  // A renderer can have more than one layer tree in a trace (the document before the page's own); the
  // page's is the one that drew during the gestures.
  const treeOf = (reporter: { pid: number; layer_tree_host_id: number }) => `${String(reporter.pid)}/${String(reporter.layer_tree_host_id)}`
  const perTree = new Map<string, number>()
  for (const reporter of reporters) if (inside(reporter.ts)) perTree.set(treeOf(reporter), (perTree.get(treeOf(reporter)) ?? 0) + 1)
  const pageTree = [...perTree].sort((a, b) => b[1] - a[1])[0]?.[0]

  const vsyncs = new Map<number, (FrameReporter & { ts: number })[]>()
  for (const reporter of reporters) {
    if (treeOf(reporter) !== pageTree) continue
    const same = vsyncs.get(reporter.frame_sequence)
    if (same) same.push(reporter)
    else vsyncs.set(reporter.frame_sequence, [reporter])
  }

  const counts = { vsyncs: 0, full: 0, partial: 0, dropped: 0, droppedWhileScrolling: 0, idle: 0, missingContent: 0 }
  for (const same of vsyncs.values()) {
    if (!inside(Math.min(...same.map((reporter) => reporter.ts)))) continue
    counts.vsyncs += 1
    const states = new Set(same.map((reporter) => reporter.state))
    if (states.has('STATE_DROPPED')) {
      counts.dropped += 1
      if (same.some((reporter) => reporter.scroll_state !== 'SCROLL_NONE')) counts.droppedWhileScrolling += 1
    }
    else if (states.has('STATE_PRESENTED_PARTIAL')) counts.partial += 1
    else if (states.has('STATE_PRESENTED_ALL')) counts.full += 1
    else counts.idle += 1
    const presentedWithHoles = same.some(
      (reporter) =>
        reporter.state.startsWith('STATE_PRESENTED') &&
        (reporter.has_missing_content || reporter.checkerboarded_needs_raster || reporter.checkerboarded_needs_record),
    )
    if (presentedWithHoles) counts.missingContent += 1
  }

  // The display compositor draws for the whole browser; a run has its one page open.
  const displayed = events.filter((event) => event.name === 'Display::FrameDisplayed' && inside(event.ts)).length
  const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits
  return {
    seconds: round(seconds, 2),
    ...counts,
    fps: round((counts.full + counts.partial) / seconds, 1),
    droppedShare: round(counts.dropped / (counts.vsyncs - counts.idle), 3),
    displayFps: round(displayed / seconds, 1),
  }
}
