import { readFileSync } from 'node:fs'

import type { Plugin } from 'vite'

/** Where the worker is served: the site's root, so its scope is the whole app. */
export const SERVICE_WORKER_FILE = 'sw.js'

const TEMPLATE = readFileSync(new URL('./service-worker.js', import.meta.url), 'utf8')

/** What of the build's output the shell is found from (a structural view of Vite's bundle). */
export type BundleView = Record<
  string,
  { type: 'chunk'; fileName: string; isEntry: boolean; imports: string[]; viteMetadata?: { importedCss?: Set<string> } } | { type: 'asset' }
>

/** Files of `public/` the shell needs besides the build's own. */
const PUBLIC_SHELL = ['/manifest.webmanifest', '/favicon.svg']

/**
 * The home page's shell in `bundle`: the HTML, the entry chunk with every chunk it imports statically
 * (the first screen's code) and their CSS. What loads later (other pages, modals) is cached when
 * first fetched.
 */
export function shellFiles(bundle: BundleView): string[] {
  const files = new Set<string>(['/'])
  const visit = (fileName: string) => {
    const chunk = bundle[fileName]
    if (chunk?.type !== 'chunk' || files.has(`/${fileName}`)) return
    files.add(`/${fileName}`)
    for (const sheet of chunk.viteMetadata?.importedCss ?? []) files.add(`/${sheet}`)
    for (const imported of chunk.imports) visit(imported)
  }
  for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.isEntry) visit(output.fileName)
  for (const file of PUBLIC_SHELL) files.add(file)
  return [...files]
}

/** The worker's source for one build. */
export function serviceWorkerSource(buildId: string, shell: readonly string[]): string {
  return TEMPLATE.replace("'__BUILD_ID__'", JSON.stringify(buildId)).replace("['__SHELL__']", JSON.stringify(shell))
}

/** Emits `sw.js` with the build's id and shell (production builds only: `vite build`). */
export function serviceWorker(buildId: string): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: SERVICE_WORKER_FILE, source: serviceWorkerSource(buildId, shellFiles(bundle)) })
    },
  }
}
