import { fileURLToPath, URL } from 'node:url'

import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

import { buildManifest, newBuildId } from './tooling/build-manifest-plugin'
import { startAfterFirstPaint } from './tooling/start-after-first-paint'

// The one-command stack (`cargo run -p stack`) listens here by default.
const stackOrigin = 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [
    // Must run before the React plugin so route files are split before they are transformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      // Route-level tests sit beside their routes.
      routeFileIgnorePattern: '\\.test\\.tsx?$',
      quoteStyle: 'single',
      semicolons: false,
    }),
    react(),
    tailwindcss(),
    buildManifest(newBuildId()),
    startAfterFirstPaint(),
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
              // The shared tier the first page runs (session, API client, money, toasts, dialogs…) in one
              // chunk: left to itself the bundler cuts it into a file per set of importers, and a dozen small
              // files compress worse. Forms, validation and the other languages stay lazy.
              name: 'shared',
              test: /[\\/]src[\\/](?:config|components[\\/]ui|lib)[\\/](?!forms[\\/]|validation[\\/]|i18n[\\/]catalogues[\\/]|use-countdown|api[\\/]schema)/,
            },
            {
              // The small shared-tier modules every first view runs anyway. Lazy modals and pages import them
              // too; without this group each one shared that way becomes a file of its own (a few hundred
              // bytes of overhead each on the home page).
              name: 'app-core',
              test: /src[\\/](config[\\/]|lib[\\/](launch|toasts|money|decimal|native|navigation|confirmations|stored-setting|color-mode|affiliate|api-client|api-types)\.ts$|lib[\\/](modals|session|settings|i18n[\\/](i18n|locales|index))|features[\\/](wallet[\\/](active-account|api[\\/]get-accounts)|profile[\\/]api[\\/]get-profile)\.ts$|components[\\/]ui[\\/](button|state-message|dialog)\.tsx$)/,
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
