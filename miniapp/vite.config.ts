import { fileURLToPath, URL } from 'node:url'

import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { configDefaults, defineConfig } from 'vitest/config'

import { buildManifest, newBuildId } from './tooling/build-manifest-plugin'
import { PathOrderSequencer } from './tooling/path-order-sequencer'
import { cspHashes } from './tooling/csp-hashes'
import { precompress } from './tooling/precompress'
import { serviceWorker } from './tooling/service-worker-plugin'
import { sportCatalogue } from './tooling/sport-catalogue-plugin'
import { startAfterFirstPaint } from './tooling/start-after-first-paint'
import { tonConnectManifestPlugin } from './tooling/tonconnect-manifest'

// The one-command stack (`cargo run -p stack`) listens here by default.
const stackOrigin = 'http://127.0.0.1:8080'

// The routes of the first screen (the default layout and the home page) are not split off: they start with the
// app, in its one start-up chunk, instead of a request after it.
const firstScreenRoutes = new Set(['/_default', '/_default/'])

// One id for the build: the app's update check and the service worker's cache name.
const buildId = newBuildId()

/** The app's tests: in jsdom, after src/test/setup.ts. */
const APP_TESTS: { environment: 'jsdom'; include: string[]; setupFiles: string[]; testTimeout: number } = {
  environment: 'jsdom',
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['./src/test/setup.ts'],
  // Route and modal tests import lazy chunks that Vite transforms on first use; on a shared
  // two-core machine that alone can take seconds, so the 5 s default made them flaky, not safer.
  testTimeout: 15_000,
}

/**
 * Tests whose subject keeps state for the life of the page in its module (the analytics queue, the
 * once-per-tab conversion events, the shared viewport observer, the device flags, the fingerprint, the
 * Telegram launch): each runs with its own fresh modules, as a page load has them.
 */
const TESTS_OF_MODULE_STATE = [
  'src/app/route-guards.test.ts',
  'src/app/telegram-sign-in.test.tsx',
  'src/features/app-surfaces/news-channel.test.tsx',
  'src/features/bonuses/components/bonuses-page.test.tsx',
  'src/features/games/components/collection-feed.test.tsx',
  'src/features/games/components/game-tile.test.tsx',
  'src/features/sportsbook/api/start-sportsbook.test.ts',
  'src/features/wallet/modals/wallet-modals.test.tsx',
  'src/lib/analytics.test.ts',
  'src/lib/fingerprint.test.ts',
  'src/lib/near-viewport.test.tsx',
  'src/lib/pixel.test.ts',
  'src/lib/tag-manager.test.ts',
  'src/lib/telegram/sdk.test.ts',
  'src/lib/visitor-scrolled.test.tsx',
  'src/lib/web-analytics.test.ts',
  'src/routes/_default/index.test.tsx',
  'src/routes/_default/sport/$.test.tsx',
  'src/routes/_default/static.test.tsx',
]

export default defineConfig({
  plugins: [
    // Must run before the React plugin so route files are split before they are transformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        splitBehavior: ({ routeId }: { routeId: string }) => (firstScreenRoutes.has(routeId) ? [] : undefined),
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      // Route-level tests sit beside their routes.
      routeFileIgnorePattern: '\\.test\\.tsx?$',
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    tailwindcss(),
    sportCatalogue(),
    buildManifest(buildId),
    serviceWorker(buildId),
    startAfterFirstPaint(),
    tonConnectManifestPlugin(),
    cspHashes(),
    precompress(),
    {
      // tweetnacl (under TON Connect) falls back to Node's `require('crypto')` where a page has no Web Crypto.
      // Every browser the app runs in has it; left in, that branch puts the bundler's require shim into the
      // start-up runtime chunk, for a lazy chunk's sake.
      name: 'tweetnacl-browser-only',
      transform: (code, id) => (/[\\/]tweetnacl[\\/]nacl-fast\.js$/.test(id) ? code.replace("typeof require !== 'undefined'", 'false') : undefined),
    },
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      // Same-origin `/api` as in production; `ws` carries the real-time channel too.
      '/api': { target: stackOrigin, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // No preload links in the head: the code is asked for once the shell has painted (start-after-first-paint).
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs (React and the router and query libraries) in one long-cached chunk,
              // instead of a dozen small ones that each compress worse and cost a request.
              name: 'framework',
              // Mutations (forms) and infinite queries (the game listing) are left out: only lazily loaded screens use them.
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store|seroval[^\\/]*|tiny-invariant|tiny-warning|cookie-es)[\\/](?!.*[\\/](?:useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver)\.js$)/,
            },
            {
              // The app code every start runs (with the first screen's routes, above) in one chunk: left to
              // itself the bundler splits it into a couple of dozen small chunks, one per set of importers,
              // each compressed on its own (about 8 KB more gzip in all) and each a request.
              // The entry module stays out, so that it is still the page's one entry script (index.html's
              // loader starts it after the first paint) and the group a chunk it imports.
              name: 'app',
              tags: ['$initial'],
              test: /[\\/]src[\\/](?!main\.tsx$)/,
            },
          ],
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    sequence: { sequencer: PathOrderSequencer },
    unstubEnvs: true,
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          ...APP_TESTS,
          name: 'app',
          // One jsdom and one load of the test libraries for all the files, not one per file: building
          // them for each of about 150 files was three quarters of the suite's CPU. The setup file's
          // afterEach puts back what a test changes outside the app's modules (storage, the document,
          // the window). One worker, in path order (PathOrderSequencer), so that what a file inherits
          // from the files before it is the same on every run.
          isolate: false,
          maxWorkers: 1,
          exclude: [...configDefaults.exclude, ...TESTS_OF_MODULE_STATE],
        },
      },
      {
        extends: true,
        // After the shared worker's files (a project's worker count is its group's).
        test: { ...APP_TESTS, name: 'app-fresh-modules', include: TESTS_OF_MODULE_STATE, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: {
          // Checks of the tooling itself, such as the lint rules that guard the layers.
          name: 'tooling',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['tooling/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
})
