import { expect, test } from '@playwright/test'

import { seriousViolations } from './helpers'

/**
 * The operator's text pages against the real stack: a static page rendered from the platform's
 * markdown (its links move within the app), the footer's links to it, and the questions, where
 * moving between the list and one answer keeps the list where it was.
 */

test('a static page renders the platform’s markdown, and its site links move within the app', async ({ page }) => {
  await page.goto('/static/terms-and-conditions')
  const article = page.getByRole('main').getByRole('article')
  await expect(article.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible()
  await expect(article.getByRole('heading', { name: '3. Bonuses', level: 2 })).toBeVisible()

  // A link in the text is a link of the app: no reload (the page's own marker survives).
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
  await page.goto('/questions')
  const list = page.getByRole('navigation', { name: 'Questions' })
  await expect(list.getByRole('link', { name: 'How do I create an account?' })).toBeVisible()
  await expect(page.getByText('Choose a question to see its answer.')).toBeVisible()

  await list.getByRole('link', { name: 'How do I make a deposit?' }).click()
  await expect(page).toHaveURL(/\/questions\/how-to-deposit$/)
  await expect(page.getByRole('heading', { name: 'How do I make a deposit?', level: 2 })).toBeVisible()
  await expect(list.getByRole('link', { name: 'How do I make a deposit?' })).toHaveAttribute('aria-current', 'page')

  await list.getByRole('link', { name: 'How do I create an account?' }).click()
  await expect(page.getByRole('heading', { name: 'How do I create an account?', level: 2 })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'How do I make a deposit?', level: 2 })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/questions$/)
  await expect(page.getByText('Choose a question to see its answer.')).toBeVisible()
})

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} palette`, () => {
    test.use({ colorScheme })

    test('a static page and the questions have no serious or critical accessibility violations', async ({ page }) => {
      await page.goto('/static/responsible-gaming')
      await expect(page.getByRole('main').getByRole('article')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/questions/withdrawal-time')
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  })
}
