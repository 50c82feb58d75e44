import { expect, type Page, test } from '@playwright/test'

import { seriousViolationsInBothPalettes } from './helpers'

/**
 * The operator's text pages against the real stack: a static page rendered from the platform's
 * markdown (its links move within the app), the footer's links to it, and the questions, where
 * moving between the list and one answer keeps the list where it was.
 */

/** The markdown renderer's chunk (src/lib/markdown/render.ts), which the app loads only to render markdown itself. */
const RENDERER_CHUNK = /\/assets\/render-[^/]*\.js$/

/** Every script the page asks for, from now on. */
function scriptsAskedFor(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  return scripts
}

/**
 * Waits until the app has taken over the pre-rendered element at `selector` (holding `containing`, if
 * given): until then it is the build's plain HTML, and a click on a link in it is an ordinary page load.
 */
async function appHasTakenOver(page: Page, selector: string, containing?: string): Promise<void> {
  await page.waitForFunction(
    ([selector, containing]) => {
      const element = document.querySelector(selector)
      if (!element || (containing !== undefined && !element.querySelector(containing))) return false
      return Object.keys(element).some((key) => key.startsWith('__reactFiber'))
    },
    [selector, containing] as const,
  )
}

test('a static page renders the platform’s markdown, and its site links move within the app', async ({ page }) => {
  const scripts = scriptsAskedFor(page)
  await page.goto('/static/terms-and-conditions')
  const article = page.getByRole('main').getByRole('article')
  await expect(article.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible()
  await expect(article.getByRole('heading', { name: '3. Bonuses', level: 2 })).toBeVisible()

  // A link in the text is a link of the app: no reload (the page's own marker survives). The article is
  // pre-rendered HTML until the app has taken it over; a click before that is an ordinary page load.
  await appHasTakenOver(page, 'main article', 'a[href$="/bonuses"]')
  // The app took over the build's HTML of the markdown rather than rendering the same text again.
  expect(scripts.filter((script) => RENDERER_CHUNK.test(script))).toEqual([])
  await page.evaluate(() => {
    ;(window as Window & { __sameDocument?: boolean }).__sameDocument = true
  })
  await article.getByRole('link', { name: 'bonus page' }).click()
  await expect(page).toHaveURL(/\/bonuses$/)
  expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(true)
})

test('a page that does not exist says so and offers a way on', async ({ page }) => {
  await page.goto('/static/no-such-page')
  await expect(page.getByRole('alert').filter({ hasText: 'This page does not exist' })).toBeVisible()
  await page.getByRole('link', { name: 'Questions and answers' }).first().click()
  await expect(page).toHaveURL(/\/questions$/)
})

test('the footer lists the text pages and the 18+ notice', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByText('Only players aged 18 or older may play.', { exact: false })).toBeAttached()
  const information = footer.getByRole('navigation', { name: 'Information' })
  await information.getByRole('link', { name: 'Privacy policy' }).click()
  await expect(page).toHaveURL(/\/static\/privacy-policy$/)
  await expect(page.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeVisible()
})

test('questions: the list stays while answers change, back and forth', async ({ page }) => {
  const scripts = scriptsAskedFor(page)
  await page.goto('/questions')
  const list = page.getByRole('navigation', { name: 'Questions' })
  await expect(list.getByRole('link', { name: 'How do I create an account?' })).toBeVisible()
  await expect(page.getByText('Choose a question to see its answer.')).toBeVisible()
  // A click before the app has the list would load that question's own pre-rendered page, not move within the app.
  await appHasTakenOver(page, 'nav a[href$="/questions/how-to-deposit"]')

  await list.getByRole('link', { name: 'How do I make a deposit?' }).click()
  await expect(page).toHaveURL(/\/questions\/how-to-deposit$/)
  await expect(page.getByRole('heading', { name: 'How do I make a deposit?', level: 2 })).toBeVisible()
  await expect(list.getByRole('link', { name: 'How do I make a deposit?' })).toHaveAttribute('aria-current', 'page')
  // An answer the page was not pre-rendered with: the app renders its markdown itself.
  await expect(page.getByRole('main').getByRole('article').getByRole('link', { name: 'wallet' })).toBeVisible()
  await expect.poll(() => scripts.filter((script) => RENDERER_CHUNK.test(script))).toHaveLength(1)

  await list.getByRole('link', { name: 'How do I create an account?' }).click()
  await expect(page.getByRole('heading', { name: 'How do I create an account?', level: 2 })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'How do I make a deposit?', level: 2 })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/questions$/)
  await expect(page.getByText('Choose a question to see its answer.')).toBeVisible()
})

test.describe('pre-rendered pages (tooling/prerender.ts, run by the global set-up against the stack)', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('a static page and a question in Spanish are in the HTML itself', async ({ page }) => {
      await page.goto('/static/terms-and-conditions')
      const article = page.getByRole('main').getByRole('article')
      await expect(article.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible()
      await expect(article.getByText('You must be at least 18 years old', { exact: false })).toBeVisible()
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /You must be at least 18 years old/)
      await expect(page.locator('#preloader')).toHaveCount(0)

      await page.goto('/es/questions/how-to-deposit')
      expect(await page.locator('html').getAttribute('lang')).toBe('es')
      await expect(page.getByRole('navigation', { name: 'Preguntas' }).getByRole('link')).not.toHaveCount(0)
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible()

      // An address the build did not pre-render is the shell as before.
      await page.goto('/static/no-such-page')
      await expect(page.locator('#preloader')).toBeVisible()
    })
  })

  test('a visitor who chose another language gets its pre-rendered page before anything paints', async ({ page }) => {
    await page.addInitScript(() => {
      if (localStorage.getItem('locale') === null) localStorage.setItem('locale', 'es')
    })
    // Without the app's script: what the visitor reads before the app has started.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/static/terms-and-conditions')
    await expect(page).toHaveURL(/\/es\/static\/terms-and-conditions$/)
    expect(await page.locator('html').getAttribute('lang')).toBe('es')
    await expect(page.getByRole('main').getByRole('article').getByRole('heading', { level: 1 })).toBeVisible()

    // English stays English for a visitor who chose it, or chose nothing.
    await page.evaluate(() => {
      localStorage.setItem('locale', 'en')
    })
    await page.goto('/questions/how-to-deposit')
    await expect(page).toHaveURL(/\/questions\/how-to-deposit$/)
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
  })

  test('the app shows the pre-rendered text at once, with no loading state, while it refetches', async ({ page }) => {
    // Whether a loading skeleton ever appeared in the content area.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('main [aria-busy="true"]')) (window as Window & { __sawSkeleton?: boolean }).__sawSkeleton = true
      }).observe(document, { subtree: true, childList: true })
    })
    let refetched = false
    await page.route('**/api/content/pages/terms-and-conditions**', async (route) => {
      // Slow content calls: without the pre-rendered data the page would sit in its skeleton meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 3000))
      refetched = true
      await route.continue()
    })
    await page.goto('/static/terms-and-conditions')
    // The app has taken over (its footer is there) and still shows the text.
    await expect(page.getByRole('contentinfo').getByRole('navigation', { name: 'Information' })).toBeVisible()
    await expect(page.getByRole('main').getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible()
    expect(await page.evaluate(() => (window as Window & { __sawSkeleton?: boolean }).__sawSkeleton ?? false)).toBe(false)
    await expect.poll(() => refetched).toBe(true)
  })
})

test('a static page and the questions have no serious or critical accessibility violations in either palette', async ({ page }) => {
  // Each screen checked by axe in both palettes: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000)
  await page.goto('/static/responsible-gaming')
  await expect(page.getByRole('main').getByRole('article')).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
  await page.goto('/questions/withdrawal-time')
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
})
