import { expect, test } from '@playwright/test'

import { seriousViolations, signUp, uniqueEmail } from './helpers'

/** Support and the contact form against the real stack: the message reaches support's mailbox and the sender's. */

test('a guest reaches the contact form from support; a bad e-mail is refused on its field; the message is acknowledged', async ({ page, request }) => {
  await page.goto('/support')
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Common questions' }).getByRole('listitem').first()).toBeVisible()
  await page.getByRole('link', { name: 'Contact form' }).click()
  await expect(page).toHaveURL(/\/contact$/)

  const email = uniqueEmail('contact')
  await page.getByLabel('E-mail').fill('not an address')
  await page.getByLabel('Message').fill('My deposit has not arrived.')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('Your name').fill('Ana')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Subject').fill('Deposit')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Your message is on its way')).toBeVisible()
  const reference = /#(\d+)/.exec((await page.getByText('Your reference is').textContent()) ?? '')?.[1]
  expect(reference).toBeDefined()

  const outbox = await request.get('/api/sandbox/outbox', { params: { to: email } })
  const { data } = (await outbox.json()) as { data: { subject: string }[] }
  expect(data[0]?.subject).toBe(`We received your message [#${reference ?? ''}]`)
})

test('a signed-in player finds their e-mail filled in', async ({ page }) => {
  const email = uniqueEmail('contact-player')
  await signUp(page, email)
  await page.goto('/contact')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
})

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} palette`, () => {
    test.use({ colorScheme })

    test('support and the contact form have no serious accessibility violations', async ({ page }) => {
      await page.goto('/support')
      await expect(page.getByRole('region', { name: 'Common questions' }).getByRole('listitem').first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/contact')
      await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  })
}
