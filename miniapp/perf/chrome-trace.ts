import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

import type { CDPSession } from '@playwright/test'

/** The parts of a Chrome trace event the measurements read. */
export interface TraceEvent {
  name: string
  cat?: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { url?: string }; frame_reporter?: FrameReporter }
}

/** A compositor frame reporter's outcome (`PipelineReporter` events; Chrome's `ChromeFrameReporter`). */
export interface FrameReporter {
  state: 'STATE_NO_UPDATE_DESIRED' | 'STATE_PRESENTED_ALL' | 'STATE_PRESENTED_PARTIAL' | 'STATE_DROPPED'
  /** The BeginFrame (vsync) it reports on. */
  frame_sequence: number
  layer_tree_host_id: number
  /** Which thread was scrolling the page in that frame: SCROLL_NONE, SCROLL_COMPOSITOR_THREAD, … */
  scroll_state: string
  has_missing_content: boolean
  checkerboarded_needs_raster: boolean
  checkerboarded_needs_record: boolean
}

/**
 * Starts a Chrome trace of the page behind `cdp` with the given categories (the Performance panel's own
 * are `devtools.timeline` and `disabled-by-default-devtools.timeline`; wider ones make a trace too big
 * to read back). The returned function ends it, writes it to `file` (DevTools opens it) and returns
 * its events.
 */
export async function startTrace(cdp: CDPSession, categories: string[], file: string): Promise<() => Promise<TraceEvent[]>> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: categories, excludedCategories: ['*'] },
  })
  return async () => {
    const complete = new Promise<string>((resolve) => {
      cdp.once('Tracing.tracingComplete', ({ stream }) => {
        resolve(stream ?? '')
      })
    })
    await cdp.send('Tracing.end')
    const handle = await complete
    let text = ''
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle })
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data
      if (chunk.eof) break
    }
    await cdp.send('IO.close', { handle })
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, text)
    return (JSON.parse(text) as { traceEvents: TraceEvent[] }).traceEvents
  }
}
