import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Every text the app translates: the English literals passed to `t(...)` in the sources. */
export function translatedTexts(sourceDir: string): Set<string> {
  const texts = new Set<string>()
  const call = /(?<![\w.])t\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")/g
  for (const file of sourceFiles(sourceDir)) {
    const source = readFileSync(file, 'utf8')
    for (const match of source.matchAll(call)) {
      const literal = match[1] ?? match[2] ?? ''
      texts.add(literal.replace(/\\(.)/g, '$1'))
    }
  }
  return texts
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'catalogues' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}
