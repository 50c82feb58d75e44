import { fileURLToPath, URL } from 'node:url'

import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

import { buildManifest, newBuildId } from './tooling/build-manifest-plugin'
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
    unstubEnvs: true,
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // Route and modal tests import lazy chunks that Vite transforms on first use; on a shared
          // two-core machine that alone can take seconds, so the 5 s default made them flaky, not safer.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          // Checks of the tooling itself, such as the lint rules that guard the layers.
          name: 'tooling',
          environment: 'node',
          include: ['tooling/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
})
