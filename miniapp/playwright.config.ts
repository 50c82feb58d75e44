import { defineConfig, devices } from '@playwright/test'

/** Set by e2e/global-setup.ts once the stack it started is ready; worker processes inherit it. */
export const BASE_URL_ENV = 'E2E_BASE_URL'

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The stack, the build's server and Chromium share two cores during the full run: an assertion that
  // passes in a second when alone can need several under that load, so each gets ten.
  expect: { timeout: 10_000 },
  // Two browsers beside the stack on two cores. On this project's 2-core machine with nothing else
  // running, the suite takes about three quarters of its time on 1 worker (docs/performance.md, "CI
  // time"). On a machine shared with other builds (load 7–25), 2 workers starved a dozen tests past
  // their timeouts: run `npx playwright test --workers=1` there.
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Pixel 7'],
    ...(process.env[BASE_URL_ENV] ? { baseURL: process.env[BASE_URL_ENV] } : {}),
    // A failed test keeps its trace: the actions, the DOM at each step, network and console. Not the
    // screencast: encoding its frames cost a third of the suite's CPU (docs/performance.md, "CI time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    // The production build registers a service worker; tests that route or watch requests must see the
    // page's own, so only the worker's spec (e2e/offline.spec.ts) lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
})
