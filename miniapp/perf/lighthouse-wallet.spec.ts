import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { chromium, expect, test } from '@playwright/test'

import { signUp, uniqueEmail } from '../e2e/helpers'

/** The wallet page's target on a phone, signed in (issue 13). */
const PERFORMANCE_TARGET = 90

const run = promisify(execFile)

interface LighthouseReport {
  categories: { performance: { score: number } }
  audits: Record<string, { displayValue?: string }>
}

/**
 * Lighthouse (mobile) on `/wallet` as a signed-in player: a Chromium profile is signed in first (the
 * session token lives in its local storage), then Lighthouse runs in that profile without resetting
 * storage, so it measures the page a player sees rather than the guard's redirect.
 */
test('Lighthouse (mobile) scores the signed-in wallet page at least 90', async ({ baseURL }) => {
  test.setTimeout(240_000)
  const dir = await mkdtemp(path.join(tmpdir(), 'lighthouse-wallet-'))
  const profile = path.join(dir, 'profile')
  const output = path.join(dir, 'report.json')
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      ...(baseURL ? { baseURL } : {}),
    })
    const page = context.pages()[0] ?? (await context.newPage())
    await signUp(page, uniqueEmail('lighthouse'))
    await page.goto('/wallet')
    await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible()
    await context.close()

    await run(
      path.join('node_modules', '.bin', 'lighthouse'),
      [
        `${baseURL ?? ''}/wallet`,
        '--only-categories=performance',
        '--form-factor=mobile',
        '--disable-storage-reset',
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        `--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --user-data-dir=${profile}`,
      ],
      { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
    )
    const report = JSON.parse(await readFile(output, 'utf8')) as LighthouseReport
    const metric = (id: string) => report.audits[id]?.displayValue ?? 'n/a'
    const performance = Math.round(report.categories.performance.score * 100)
    const finalUrl = (report as unknown as { finalDisplayedUrl?: string }).finalDisplayedUrl
    console.log(
      JSON.stringify(
        {
          performance,
          finalUrl,
          fcp: metric('first-contentful-paint'),
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          speedIndex: metric('speed-index'),
        },
        null,
        2,
      ),
    )
    // Measured signed in: the guard would have sent a guest home.
    expect(finalUrl).toMatch(/\/wallet$/)
    expect(performance).toBeGreaterThanOrEqual(PERFORMANCE_TARGET)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
