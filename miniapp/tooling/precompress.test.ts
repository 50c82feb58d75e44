import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { precompressDirectory } from './precompress'

describe('precompressDirectory', () => {
  let dir = ''
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'precompress-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('writes a brotli and a gzip variant of each text file that decode to the file, and leaves other files alone', async () => {
    const script = Buffer.from('export function f(){return "first screen"}\n'.repeat(200))
    const shell = Buffer.from(`<!doctype html><title>shell</title>${'<p>row</p>'.repeat(100)}`)
    const picture = Buffer.from('\x89PNG not text'.repeat(50))
    await mkdir(path.join(dir, 'assets'))
    await writeFile(path.join(dir, 'assets', 'index-1a2b.js'), script)
    await writeFile(path.join(dir, 'index.html'), shell)
    await writeFile(path.join(dir, 'assets', 'tile.png'), picture)

    await precompressDirectory(dir)

    for (const [file, raw] of [
      ['assets/index-1a2b.js', script],
      ['index.html', shell],
    ] as const) {
      const br = await readFile(path.join(dir, `${file}.br`))
      const gz = await readFile(path.join(dir, `${file}.gz`))
      expect(brotliDecompressSync(br).equals(raw), file).toBe(true)
      expect(gunzipSync(gz).equals(raw), file).toBe(true)
      expect(br.byteLength, file).toBeLessThan(gz.byteLength)
    }
    expect((await readdir(path.join(dir, 'assets'))).sort()).toEqual(['index-1a2b.js', 'index-1a2b.js.br', 'index-1a2b.js.gz', 'tile.png'])
  })

  it('writes no variant that would not be smaller than the file', async () => {
    await writeFile(path.join(dir, 'latest.json'), '1')
    await precompressDirectory(dir)
    expect(await readdir(dir)).toEqual(['latest.json'])
  })
})
