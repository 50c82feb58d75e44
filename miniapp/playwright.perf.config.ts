import { defineConfig } from '@playwright/test'

import base from './playwright.config'

/** Measurements of the production build against the real stack (`npm run perf:bundle`); not part of `e2e`. */
export default defineConfig({
  ...base,
  testDir: './perf',
  reporter: [['list']],
})
