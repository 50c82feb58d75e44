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
      'src/features/games/api/get-games.ts',
      "export { signIn } from '@/features/auth/api/sign-in'",
    )
    expect(violations).toEqual([expect.stringContaining('must not import another feature')])
  })

  it('stops a feature from importing the app layer', async () => {
    const violations = await layerViolations(
      'src/features/games/api/get-games.ts',
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
          "export { currenciesQueryOptions } from '@/lib/settings'",
        ].join('\n'),
      ),
    ).toEqual([])
    expect(
      await layerViolations(
        'src/features/games/api/get-games.ts',
        ["export { apiRequest } from '@/lib/api-client'", "export { getCollections } from './get-collections'"].join('\n'),
      ),
    ).toEqual([])
  })

  it("stops features, the app and routes from reaching into a shared module's inner files", async () => {
    const places = [
      ['src/features/games/api/get-games.ts', '../../..'],
      ['src/app/app.tsx', '..'],
      ['src/routes/_default.tsx', '..'],
    ]
    for (const [filePath = '', toSrc = ''] of places) {
      const deep = [
        "export { storeToken } from '@/lib/session/token-storage'",
        "export { ChannelRegistry } from '@/lib/realtime/channel-registry'",
        "export { currenciesQueryOptions } from '@/lib/settings/api/get-currencies'",
        `export { sessionReducer } from '${toSrc}/lib/session/session-reducer'`,
      ].join('\n')
      const violations = await layerViolations(filePath, deep)
      expect(violations, filePath).toHaveLength(4)
      expect(violations[0], filePath).toContain("through its index ('@/lib/session')")
    }
  })

  it('lets features, the app and routes use a shared module through its index, and the module its own files', async () => {
    const throughIndex = [
      "export { storeToken, useSession } from '@/lib/session'",
      "export { useChannel } from '@/lib/realtime'",
      "export { useCurrencies } from '@/lib/settings'",
      "export { type ModalMap, useModals } from '@/lib/modals'",
    ].join('\n')
    for (const filePath of ['src/features/games/api/get-games.ts', 'src/app/app.tsx', 'src/routes/_default.tsx']) {
      expect(await layerViolations(filePath, throughIndex), filePath).toEqual([])
    }
    expect(
      await layerViolations('src/lib/session/session-provider.tsx', "export { storeToken } from '@/lib/session/token-storage'"),
    ).toEqual([])
  })
})
