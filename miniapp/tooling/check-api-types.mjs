// Regenerates the API types from the committed OpenAPI document into a temporary file and fails when
// they differ from the committed `src/lib/api/schema.d.ts` (run `npm run api:types` to update it).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const committed = path.join(root, 'src/lib/api/schema.d.ts')
const dir = mkdtempSync(path.join(tmpdir(), 'api-types-'))
const fresh = path.join(dir, 'schema.d.ts')
try {
  execFileSync(path.join(root, 'node_modules/.bin/openapi-typescript'), ['src/lib/api/openapi.json', '-o', fresh], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error('src/lib/api/schema.d.ts is out of date with src/lib/api/openapi.json: run `npm run api:types`.')
    process.exitCode = 1
  } else {
    console.log('The API types match the OpenAPI document.')
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
