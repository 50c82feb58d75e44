import { fileURLToPath } from 'node:url'

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const eslint = new ESLint({ cwd: root })

/** Lints `code` as if it were the file at `filePath`, and returns the lines where it finds a literal query key. */
async function literalKeyLines(filePath: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${filePath}` })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax' && message.message.includes('xQueryOptions().queryKey'))
    .map((message) => message.line)
}

const literalKeys = [
  "import { type QueryClient, useQuery } from '@tanstack/react-query'",
  'export function useLiterals(queryClient: QueryClient) {',
  "  void queryClient.invalidateQueries({ queryKey: ['wallet', 'accounts'] })",
  "  queryClient.setQueryData(['wallet', 'accounts'], [])",
  "  queryClient.getQueryData(['wallet', 'accounts'])",
  "  return useQuery({ queryKey: ['wallet', 'accounts'], queryFn: () => [] })",
  '}',
].join('\n')

describe('literal query keys (no-restricted-syntax)', () => {
  it('refuses a key written out anywhere but an api/ folder', async () => {
    for (const filePath of ['src/features/wallet/live-accounts.ts', 'src/app/session.tsx', 'src/lib/use-panel.ts', 'src/features/wallet/live-accounts.test.ts']) {
      expect(await literalKeyLines(filePath, literalKeys), filePath).toEqual([3, 4, 5, 6])
    }
  })

  it("lets an endpoint's api/ file own its key, and others read it from there", async () => {
    expect(await literalKeyLines('src/features/wallet/api/get-accounts.ts', literalKeys)).toEqual([])
    expect(await literalKeyLines('src/lib/settings/api/get-currencies.ts', literalKeys)).toEqual([])
    const owned = [
      "import type { QueryClient } from '@tanstack/react-query'",
      "import { accountsQueryOptions } from '@/features/wallet/api/get-accounts'",
      'export function refresh(queryClient: QueryClient) {',
      '  queryClient.setQueryData(accountsQueryOptions().queryKey, [])',
      '  return queryClient.invalidateQueries({ queryKey: accountsQueryOptions().queryKey })',
      '}',
    ].join('\n')
    expect(await literalKeyLines('src/features/wallet/live-accounts.ts', owned)).toEqual([])
  })

  it('does not take an array value for a key', async () => {
    const value = "import type { QueryClient } from '@tanstack/react-query'\nexport const f = (q: QueryClient, key: string[]) => q.setQueryData(key, ['a'])"
    expect(await literalKeyLines('src/features/wallet/live-accounts.ts', value)).toEqual([])
  })
})
