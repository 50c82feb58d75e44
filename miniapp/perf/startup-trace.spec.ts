import { writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import path from 'node:path'

import { devices, test } from '@playwright/test'

import { startTrace, type TraceEvent } from './chrome-trace'

/**
 * Where a page's start-up spends the main thread, for diagnosis of a Lighthouse figure: loads TRACE_PATH
 * (default `/`) in a fresh Pixel 7 context with the CPU slowed 4× as Lighthouse's mobile profile does,
 * records a Chrome trace until the network is idle plus two seconds, and prints the renderer main
 * thread's long tasks, the blocking time they add up to (each task's time beyond 50 ms, as TBT counts
 * it) and the **self** time per trace event (time inside an event minus its children's), overall and
 * within long tasks, and a sampled CPU profile's JavaScript self time by function and by script (build with
 * `npx vite build --minify false` to read the functions' names). Not a verdict (`perf:lighthouse` is);
 * writes test-results/startup-trace.json and startup-profile.cpuprofile (DevTools opens both).
 *
 * `npm run build && TRACE_PATH=/sport npm run perf:trace`
 */
test.use({ trace: 'off' })
const PAGE = process.env.TRACE_PATH ?? '/'
const CPU_SLOWDOWN = Number(process.env.TRACE_CPU_SLOWDOWN ?? 4)
const LONG_TASK_MS = 50

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask'])

/** Self time (ms) per event name over the given complete events, nested by their timestamps. */
function selfTimes(events: TraceEvent[]): Map<string, number> {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const self = new Map<string, number>()
  const stack: { event: TraceEvent; end: number; childTotal: number }[] = []
  const close = (until: number) => {
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= until) {
      const done = stack.pop()
      if (!done) break
      const key = labelOf(done.event)
      self.set(key, (self.get(key) ?? 0) + ((done.event.dur ?? 0) - done.childTotal) / 1000)
    }
  }
  for (const event of sorted) {
    close(event.ts)
    const parent = stack[stack.length - 1]
    if (parent) parent.childTotal += event.dur ?? 0
    stack.push({ event, end: event.ts + (event.dur ?? 0), childTotal: 0 })
  }
  close(Number.POSITIVE_INFINITY)
  return self
}

/** An event's name, with the script it ran for where the trace says (evaluation, function calls). */
function labelOf(event: TraceEvent): string {
  const url = event.args?.data?.url
  if (!url) return event.name
  return `${event.name} ${url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}`
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[]
  samples?: number[]
  timeDeltas?: number[]
}

/** Self time (ms) per function (or per script) of a CPU profile, from its samples' time deltas. */
function profileSelfTimes(profile: Profile, byScript = false): Map<string, number> {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  samples.forEach((id, index) => {
    const frame = nodes.get(id)?.callFrame
    if (!frame) return
    const script = frame.url.replace(/^https?:\/\/[^/]+/, '') || '(native)'
    const key = byScript ? script : `${frame.functionName || '(anonymous)'} ${script}:${String(frame.lineNumber + 1)}`
    self.set(key, (self.get(key) ?? 0) + (deltas[index + 1] ?? 0) / 1000)
  })
  return self
}

const top = (map: Map<string, number>, count: number) =>
  Object.fromEntries(
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => [name, Math.round(ms)]),
  )

test(`start-up trace of ${PAGE} (Pixel 7, CPU ${String(CPU_SLOWDOWN)}× slower)`, async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ ...devices['Pixel 7'], ...(baseURL ? { baseURL } : {}) })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  const stopTrace = await startTrace(
    cdp,
    ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading'],
    path.join('test-results', 'startup-trace.json'),
  )
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const [loadAverage = Number.NaN] = loadavg()
  await page.goto(PAGE, { waitUntil: 'networkidle' })
  await page.waitForTimeout(2000)
  const { profile } = await cdp.send('Profiler.stop')
  const events = await stopTrace()
  await writeFile(path.join('test-results', 'startup-profile.cpuprofile'), JSON.stringify(profile))
  await context.close()

  const mainThread = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  if (!mainThread) throw new Error('The trace has no renderer main thread.')
  const onMain = events.filter((event) => event.ph === 'X' && event.pid === mainThread.pid && event.tid === mainThread.tid)
  const tasks = onMain.filter((event) => TASK_NAMES.has(event.name))
  const longTasks = tasks.filter((task) => (task.dur ?? 0) / 1000 > LONG_TASK_MS)
  const inLong = onMain.filter((event) => longTasks.some((task) => event.ts >= task.ts && event.ts < task.ts + (task.dur ?? 0)))
  const first = Math.min(...tasks.map((task) => task.ts))
  console.log(
    JSON.stringify({
      page: PAGE,
      loadAverage: Math.round(loadAverage * 100) / 100,
      busyMs: Math.round(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000),
      tasks: tasks.length,
      longTasks: longTasks.map((task) => `${String(Math.round((task.ts - first) / 1000))}ms+${String(Math.round((task.dur ?? 0) / 1000))}`),
      blockingMs: Math.round(longTasks.reduce((sum, task) => sum + (task.dur ?? 0) / 1000 - LONG_TASK_MS, 0)),
    }),
  )
  console.log(`self time, all tasks: ${JSON.stringify(top(selfTimes(onMain), 25))}`)
  console.log(`self time, long tasks: ${JSON.stringify(top(selfTimes(inLong), 25))}`)
  console.log(`JavaScript self time by function (sampled): ${JSON.stringify(top(profileSelfTimes(profile), 30))}`)
  console.log(`JavaScript self time by script (sampled): ${JSON.stringify(top(profileSelfTimes(profile, true), 12))}`)
})
