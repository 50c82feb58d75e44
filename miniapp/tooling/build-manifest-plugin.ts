import type { Plugin } from 'vite'

/** Where the build manifest is served from (spec section 7: `builds/latest.json`). */
export const BUILD_MANIFEST_FILE = 'builds/latest.json'

/** A build's id: `BUILD_ID` from the environment (a CI run, a commit), else the build's time and a random tail. */
export function newBuildId(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.BUILD_ID?.trim()
  return given !== undefined && given !== '' ? given : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}

/**
 * Emits `dist/builds/latest.json` (`{"id": …}`) with the id the app is built with (`__BUILD_ID__`), so a
 * running app can tell that a newer build is live. Dev and tests get the id `dev` and no manifest.
 */
export function buildManifest(id: string): Plugin {
  return {
    name: 'build-manifest',
    config: (_config, { command }) => ({
      define: { __BUILD_ID__: JSON.stringify(command === 'build' ? id : 'dev') },
    }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILD_MANIFEST_FILE, source: `${JSON.stringify({ id })}\n` })
    },
  }
}
