import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import pluginRouter from '@tanstack/eslint-plugin-router'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import noLiteralUiString from './tooling/eslint-rules/no-literal-ui-string.js'

const root = fileURLToPath(new URL('.', import.meta.url))
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** Shared modules everything needs (the tier below features); others import them only through their index. */
const sharedModules = ['session', 'realtime', 'settings', 'modals']

/**
 * Imports go one way: app (with its routes) → features → shared (components, lib, config).
 * Features never import each other; routes compose them. The shared modules' inner files are theirs alone.
 */
const layerZones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature must not import another feature; compose them in a route.',
  })),
  {
    target: './src/features',
    from: ['./src/app', './src/routes', './src/routeTree.gen.ts', './src/main.tsx'],
    message: 'Features must not import the app layer.',
  },
  ...sharedModules.map((module) => ({
    target: ['./src/features', './src/app', './src/routes', './src/main.tsx'],
    from: `./src/lib/${module}`,
    except: ['./index.ts'],
    message: `Import the shared ${module} through its index ('@/lib/${module}'), never its inner files.`,
  })),
  {
    target: ['./src/components', './src/lib', './src/config'],
    from: ['./src/features', './src/app', './src/routes', './src/routeTree.gen.ts', './src/main.tsx'],
    message: 'Shared code must not import features or the app layer.',
  },
]

const literalQueryKeyMessage =
  "A query key is written only in its endpoint's api/ file: use that file's xQueryOptions().queryKey."

/** Query keys written as array literals: in a `queryKey` property, or as the key argument of the cache's calls. */
const literalQueryKeys = [
  { selector: "Property[key.name='queryKey'] > ArrayExpression.value", message: literalQueryKeyMessage },
  {
    selector:
      'CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState|ensureQueryData|fetchQuery|prefetchQuery)$/] > ArrayExpression.arguments:first-child',
    message: literalQueryKeyMessage,
  },
]

export default defineConfig(
  globalIgnores(['dist', 'coverage', 'playwright-report', 'test-results', 'src/routeTree.gen.ts', 'src/lib/api/schema.d.ts']),
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [
      reactHooks.configs.flat['recommended-latest'],
      pluginQuery.configs['flat/recommended'],
      pluginRouter.configs['flat/recommended'],
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          tsconfig: { configFile: `${root}tsconfig.app.json` },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // A query key is spelled once, by the queryOptions of the endpoint's file in an api/ folder; everything
    // else (loaders, real-time writers, invalidations, tests) reads `xQueryOptions().queryKey`.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/*/api/**', 'src/lib/**/api/**'],
    rules: { 'no-restricted-syntax': ['error', ...literalQueryKeys] },
  },
  {
    // What the player reads is translated; tests and their helpers may spell texts out.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    plugins: { local: { rules: { 'no-literal-ui-string': noLiteralUiString } } },
    rules: { 'local/no-literal-ui-string': 'error' },
  },
  {
    files: ['*.{js,ts}', 'e2e/**/*.ts', 'perf/**/*.ts', 'tooling/**/*.{ts,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // The service worker's source: it runs in the worker's scope, not Node's.
    files: ['tooling/service-worker.js'],
    languageOptions: { globals: globals.serviceworker },
  },
)
