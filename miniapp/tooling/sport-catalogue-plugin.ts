import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import type { Plugin } from 'vite'

import { parseSportCatalogue } from './sport-catalogue'

const MODULE = 'virtual:sport-catalogue'
const RESOLVED = `\0${MODULE}`

/**
 * `import sports from 'virtual:sport-catalogue'`: the operator's sport catalogue (`sport-catalogue.ts`),
 * read from `SPORT_CATALOGUE_FILE` (relative to the miniapp folder) or the default file, validated
 * when the build reads it. Only the sportsbook's lazy chunks import it.
 */
export function sportCatalogue(file = process.env.SPORT_CATALOGUE_FILE ?? 'sport-catalogue.json', root = process.cwd()): Plugin {
  const path = resolve(root, file)
  return {
    name: 'sport-catalogue',
    resolveId(id) {
      return id === MODULE ? RESOLVED : undefined
    },
    load(id) {
      if (id !== RESOLVED) return undefined
      this.addWatchFile(path)
      let text: string
      try {
        text = readFileSync(path, 'utf8')
      } catch (error) {
        throw new Error(`The sport catalogue ${path} (SPORT_CATALOGUE_FILE) could not be read: ${(error as Error).message}`, { cause: error })
      }
      return `export default ${JSON.stringify(parseSportCatalogue(text, path))}`
    },
  }
}
