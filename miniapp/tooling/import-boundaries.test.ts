import { fileURLToPath } from 'node:url'

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const eslint = new ESLint({ cwd: root })

/** Lints `code` as if it were the file at `filePath`, and returns the layer violations it reports. */
async function layerViolations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${filePath}` })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message)
}

describe('import boundaries (eslint import-x/no-restricted-paths)', () => {
  it('stops a feature from importing another feature', async () => {
    const violations = await layerViolations(
      'src/features/games/types.ts',
      "export { signIn } from '@/features/auth/api/sign-in'",
    )
    expect(violations).toEqual([expect.stringContaining('must not import another feature')])
  })

  it('stops a feature from importing the app layer', async () => {
    const violations = await layerViolations(
      'src/features/games/types.ts',
      "export { createQueryClient } from '@/app/query-client'",
    )
    expect(violations).toEqual([expect.stringContaining('Features must not import the app layer')])
  })

  it('stops shared code from importing a feature or the app', async () => {
    const violations = await layerViolations(
      'src/lib/api-types.ts',
      [
        "export { getGames } from '@/features/games/api/get-games'",
        "export { createAppRouter } from '../app/router'",
      ].join('\n'),
    )
    expect(violations).toHaveLength(2)
    expect(violations[0]).toContain('Shared code must not import')
  })

  it('lets routes compose features and features use shared code', async () => {
    expect(
      await layerViolations(
        'src/routes/_default.tsx',
        [
          "export { getGames } from '@/features/games/api/get-games'",
          "export { getCurrencies } from '@/lib/settings/api/get-currencies'",
        ].join('\n'),
      ),
    ).toEqual([])
    expect(
      await layerViolations(
        'src/features/games/types.ts',
        ["export { apiRequest } from '@/lib/api-client'", "export { getGames } from './api/get-games'"].join('\n'),
      ),
    ).toEqual([])
  })
})
