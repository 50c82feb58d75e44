import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { expect, test } from '@playwright/test'

/** Targets of the home page on a phone (docs/performance.md). */
const PERFORMANCE_TARGET = 95
const LCP_TARGET_MS = 2000

const run = promisify(execFile)

interface LighthouseReport {
  categories: { performance: { score: number } }
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: { items?: { items?: { node?: { snippet?: string } }[] }[] } }>
}

test('Lighthouse (mobile) scores the home page at least 95 with LCP at most 2 s', async ({ baseURL }) => {
  test.setTimeout(180_000)
  const dir = await mkdtemp(path.join(tmpdir(), 'lighthouse-'))
  const output = path.join(dir, 'report.json')
  try {
    await run(
      path.join('node_modules', '.bin', 'lighthouse'),
      [
        `${baseURL ?? ''}/`,
        '--only-categories=performance',
        '--form-factor=mobile',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
      ],
      { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
    )
    const report = JSON.parse(await readFile(output, 'utf8')) as LighthouseReport
    const metric = (id: string) => report.audits[id]?.displayValue ?? 'n/a'
    const performance = Math.round(report.categories.performance.score * 100)
    const lcp = report.audits['largest-contentful-paint']?.numericValue ?? Number.POSITIVE_INFINITY
    console.log(
      JSON.stringify(
        {
          performance,
          fcp: metric('first-contentful-paint'),
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          speedIndex: metric('speed-index'),
          lcpElement: report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
        },
        null,
        2,
      ),
    )
    expect(performance).toBeGreaterThanOrEqual(PERFORMANCE_TARGET)
    expect(lcp).toBeLessThanOrEqual(LCP_TARGET_MS)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
