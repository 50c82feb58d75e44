import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

import type { Plugin } from 'vite'

/** Text formats worth compressing; images and fonts in this build are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) variant beside every text file of the
 * build, public files included, so the edge (`stack/src/edge.rs`, `deploy/nginx.conf`) sends them
 * as they are instead of compressing each response on the fly, at a level too slow for that. A
 * variant that would not be smaller is not written; the edge then sends the file itself.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      handler: () => precompressDirectory(outDir),
    },
  }
}

/** Writes the variants of every text file under `dir`. */
export async function precompressDirectory(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
  await Promise.all(files.map(writeVariants))
}

async function writeVariants(file: string): Promise<void> {
  const raw = await readFile(file)
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ])
  await Promise.all([
    br.byteLength < raw.byteLength ? writeFile(`${file}.br`, br) : undefined,
    gz.byteLength < raw.byteLength ? writeFile(`${file}.gz`, gz) : undefined,
  ])
}
