import { gzipSync } from 'node:zlib'

import { expect, test } from '@playwright/test'

/** Budgets of the home page's first view (docs/performance.md). */
const JS_BUDGET_KB = 130
const CSS_BUDGET_KB = 15

/** Code that must stay out of the home page: found by a string only it contains. */
const KEPT_OUT = {
  'Telegram SDK': 'web_app_ready',
  'real-time client (centrifuge)': 'transport closed',
  'phone numbers (libphonenumber)': 'INVALID_COUNTRY',
  'forms': 'one-time-code',
  'TON Connect SDK': 'TON_CONNECT_SDK_ERROR',
  'Russian catalogue': 'Обязательное поле',
  'Spanish catalogue': 'Este campo es obligatorio',
  'Portuguese catalogue': 'Campo obrigatório',
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

test("the home page's JavaScript and CSS, gzipped, stay within budget", async ({ page, baseURL }) => {
  const assets: { url: string; type: 'js' | 'css'; raw: number; gzip: number; text: string }[] = []
  page.on('response', async (response) => {
    const type = response.request().resourceType()
    if ((type !== 'script' && type !== 'stylesheet') || !response.url().startsWith(baseURL ?? '')) return
    const body = await response.body()
    assets.push({
      url: new URL(response.url()).pathname,
      type: type === 'script' ? 'js' : 'css',
      raw: body.byteLength,
      gzip: gzipSync(body, { level: 9 }).byteLength,
      text: body.toString('utf8'),
    })
  })

  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Popular', exact: true }).getByRole('listitem').first()).toBeVisible()
  await page.waitForLoadState('networkidle')

  const total = (type: 'js' | 'css') => assets.filter((asset) => asset.type === type).reduce((sum, asset) => sum + asset.gzip, 0)
  const report = {
    jsKbGzip: kb(total('js')),
    cssKbGzip: kb(total('css')),
    files: assets.map(({ url, raw, gzip }) => `${url} ${String(kb(raw))} KB (${String(kb(gzip))} KB gzip)`),
  }
  console.log(JSON.stringify(report, null, 2))

  const leaked = Object.entries(KEPT_OUT)
    .filter(([, marker]) => assets.some((asset) => asset.text.includes(marker)))
    .map(([name]) => name)
  expect(leaked).toEqual([])
  expect(report.jsKbGzip).toBeLessThanOrEqual(JS_BUDGET_KB)
  expect(report.cssKbGzip).toBeLessThanOrEqual(CSS_BUDGET_KB)
})
