import { fileURLToPath } from 'node:url'

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const eslint = new ESLint({ cwd: root })

/** Lints `code` as if it were the file at `filePath`, and returns the untranslated texts it reports. */
async function untranslated(code: string, filePath = 'src/components/ui/state-message.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: `${root}${filePath}` })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'local/no-literal-ui-string')
    .map((message) => /"(.*)"/.exec(message.message)?.[1] ?? message.message)
}

const component = (jsx: string, before = '') =>
  [
    "import { t } from '@/lib/i18n'",
    "import { showToast } from '@/lib/toasts'",
    `export function Shown({ count }: { count: number }) {`,
    before,
    `  return ${jsx}`,
    '}',
  ].join('\n')

describe('user-visible text goes through t() (eslint local/no-literal-ui-string)', () => {
  it('reports JSX text, literals in shown attributes, toasts and message setters', async () => {
    const texts = await untranslated(
      component(
        `<section aria-label={count > 1 ? 'Games' : t('Game')} title={\`Total \${String(count)}\`}>
    Welcome back
    <input placeholder="Search games" alt='Logo' />
    <p>{'Nothing here'}</p>
  </section>`,
        `  const setNotice = (text: string) => text
  setNotice('Sent again.')
  showToast({ title: 'Saved', description: t('All done.'), tone: 'success' })`,
      ),
    )
    expect(texts).toEqual(['Sent again.', 'Saved', 'Games', 'Total', 'Welcome back', 'Search games', 'Logo', 'Nothing here'])
  })

  it('lets t() through, and ignores class names, ids, URLs, data-*, keys and text without letters', async () => {
    const texts = await untranslated(
      component(`<a
    href="https://example.com/terms"
    id="terms-link"
    key="terms"
    data-testid="terms"
    className="text-link underline"
    aria-label={t('Terms and Conditions')}
    placeholder="+55 11 98765 4321"
  >
    {t('Terms')} · {count} / 100 % — {' '}
  </a>`),
    )
    expect(texts).toEqual([])
  })

  it('leaves tests alone', async () => {
    expect(await untranslated(component('<p>Welcome back</p>'), 'src/components/ui/state-message.test.tsx')).toEqual([])
  })
})
