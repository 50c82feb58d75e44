import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { inlineScriptHashes, shellPolicy } from './csp-hashes'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

describe('inline script hashes', () => {
  it('hashes the exact text of every inline script and skips scripts with a src', () => {
    const html = `<!doctype html><head><script>document.documentElement.dataset.a = "1"</script>
<script type="module" src="/assets/index.js"></script><SCRIPT nonce="x">
  start()
</SCRIPT></head>`
    expect(inlineScriptHashes(html)).toEqual([sha('document.documentElement.dataset.a = "1"'), sha('\n  start()\n')])
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([])
  })
})

describe('the shell policy', () => {
  it('fills the template: hashes into script-src, no operator hosts', () => {
    const template = "script-src 'self'{script}; connect-src 'self'{connect}; frame-src 'self'{frame}\n"
    expect(shellPolicy(template, ["'sha256-a='", "'sha256-b='"])).toBe("script-src 'self' 'sha256-a=' 'sha256-b='; connect-src 'self'; frame-src 'self'")
  })
})
