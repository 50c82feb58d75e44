import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

import type { Plugin } from 'vite'

/** Where the stack's edge reads the shell's script hashes from (`stack/src/security_headers.rs`). */
export const CSP_FILE = 'csp.json'
/** The header line `deploy/nginx.conf` includes for the shell. */
export const NGINX_CSP_FILE = 'csp.nginx.conf'
/** The one policy both edges send, with `{script}`, `{connect}` and `{frame}` where sources join. */
const POLICY_TEMPLATE = fileURLToPath(new URL('../../deploy/csp-policy.txt', import.meta.url))

/** The shell's policy with these script hashes and no operator hosts (nginx operators add theirs to the file). */
export function shellPolicy(template: string, scriptHashes: readonly string[]): string {
  const list = (sources: readonly string[]) => sources.map((source) => ` ${source}`).join('')
  return template.trim().replace('{script}', list(scriptHashes)).replace('{connect}', '').replace('{frame}', '')
}

/** The CSP source of each inline script of an HTML document: `'sha256-…'` of its exact text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match
    if (/\bsrc\s*=/i.test(attributes)) continue
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return hashes
}

/**
 * Emits `dist/csp.json` (`{"scriptHashes": [...]}`): the hashes of the app shell's inline scripts (the
 * theme-before-first-paint and start-up scripts), so the edge's Content-Security-Policy can allow
 * exactly these and no other inline script; and `dist/csp.nginx.conf`, the same policy as nginx's
 * `add_header` line. Runs last, on the final `index.html`.
 */
export function cspHashes(): Plugin {
  return {
    name: 'csp-hashes',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const shell = bundle['index.html']
        if (shell?.type !== 'asset') return
        const html = typeof shell.source === 'string' ? shell.source : new TextDecoder().decode(shell.source)
        const scriptHashes = inlineScriptHashes(html)
        this.emitFile({ type: 'asset', fileName: CSP_FILE, source: `${JSON.stringify({ scriptHashes })}\n` })
        const policy = shellPolicy(readFileSync(POLICY_TEMPLATE, 'utf8'), scriptHashes)
        this.emitFile({ type: 'asset', fileName: NGINX_CSP_FILE, source: `add_header Content-Security-Policy "${policy}" always;\n` })
      },
    },
  }
}
