import type { Plugin } from 'vite'

/** The one-command stack's address, where a build without `VITE_APP_URL` is served. */
const STACK_ORIGIN = 'http://127.0.0.1:8080'

export interface TonConnectManifest {
  url: string
  name: string
  iconUrl: string
}

/**
 * What a TON wallet shows of the app when it connects: the app's public address (`VITE_APP_URL`),
 * its name (`VITE_APP_NAME`) and a 180 px PNG icon (`public/tonconnect-icon.png`). Wallets fetch the
 * file from `/tonconnect-manifest.json` and refuse relative addresses, so the build writes the real one.
 */
export function tonConnectManifest(env: NodeJS.ProcessEnv = process.env): TonConnectManifest {
  const given = env.VITE_APP_URL?.trim() ?? ''
  const url = (given === '' ? STACK_ORIGIN : given).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/\s]+$/.test(url)) throw new Error(`VITE_APP_URL: must be the app's origin (https://host), not ${JSON.stringify(url)}`)
  const named = env.VITE_APP_NAME?.trim() ?? ''
  const name = named === '' ? 'Sandbox Casino' : named
  return { url, name, iconUrl: `${url}/tonconnect-icon.png` }
}

/** Emits `dist/tonconnect-manifest.json`, served by both edges like the rest of the build. */
export function tonConnectManifestPlugin(): Plugin {
  return {
    name: 'tonconnect-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'tonconnect-manifest.json', source: `${JSON.stringify(tonConnectManifest(), null, 2)}\n` })
    },
  }
}
