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
  // Three browsers beside the stack on two cores: a test waits on the stack, the network and timers
  // part of its time, and a third worker fills it (on this project's 2-core machine, 7.2 min against
  // 9.1 with two; docs/performance.md, "CI time"). On a machine shared with other builds (load 7–25),
  // two workers already starved a dozen tests past their timeouts: run
  // `npx playwright test --workers=1` there.
  workers: 3,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    ...devices['Pixel 7'],
    ...(process.env[BASE_URL_ENV] ? { baseURL: process.env[BASE_URL_ENV] } : {}),
    // A failed test keeps its trace (the actions, network, console and sources) and the page as it was
    // when it failed (error-context.md: its accessibility tree). Neither the screencast nor the DOM at
    // each step: encoding the frames cost a third of the suite's CPU, and the DOM snapshots a further
    // tenth (docs/performance.md, "CI time").
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
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
