import { expect, test } from '@playwright/test'

import { apiToken, seriousViolationsInBothPalettes, signUpViaApi, uniqueEmail } from './helpers'

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
  // The captcha (the sandbox's reCAPTCHA stand-in): nothing is sent until the box is ticked.
  const robotCheck = page.getByRole('group', { name: 'Robot check' })
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(robotCheck.getByText('Tick “I’m not a robot” first.')).toBeVisible()
  await robotCheck.getByRole('checkbox', { name: 'I’m not a robot' }).check()
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Your message is on its way')).toBeVisible()
  const reference = /#(\d+)/.exec((await page.getByText('Your reference is').textContent()) ?? '')?.[1]
  expect(reference).toBeDefined()

  const outbox = await request.get('/api/sandbox/outbox', { params: { to: email } })
  const { data } = (await outbox.json()) as { data: { subject: string }[] }
  expect(data[0]?.subject).toBe(`We received your message [#${reference ?? ''}]`)
})

test('the platform refuses a message whose robot check failed; ticked again, it goes', async ({ page, request }) => {
  const email = uniqueEmail('robot')
  await page.goto('/contact')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Message').fill('Am I a robot?')
  const robotCheck = page.getByRole('group', { name: 'Robot check' })
  // The sandbox's widget lets the check fail on demand.
  await robotCheck.getByRole('combobox', { name: 'Sandbox answer' }).selectOption('fail')
  await robotCheck.getByRole('checkbox', { name: 'I’m not a robot' }).check()
  const refused = page.waitForResponse((response) => response.url().endsWith('/api/notification/communications'))
  await page.getByRole('button', { name: 'Send message' }).click()
  expect((await refused).status()).toBe(422)
  await expect(robotCheck.getByText('The robot check did not pass. Tick the box again, then send.')).toBeVisible()
  // The spent token is gone: the box is clear again.
  await expect(robotCheck.getByRole('checkbox', { name: 'I’m not a robot' })).not.toBeChecked()
  const outbox = await request.get('/api/sandbox/outbox', { params: { to: email } })
  expect(((await outbox.json()) as { data: unknown[] }).data).toEqual([])

  await robotCheck.getByRole('combobox', { name: 'Sandbox answer' }).selectOption('pass')
  await robotCheck.getByRole('checkbox', { name: 'I’m not a robot' }).check()
  await expect(robotCheck.getByText(/did not pass/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Your message is on its way')).toBeVisible()
})

test('a signed-in player finds their e-mail filled in', async ({ page }) => {
  const email = uniqueEmail('contact-player')
  await signUpViaApi(page, email)
  await page.goto('/contact')
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
})

test('support and the contact form have no serious accessibility violations in either palette', async ({ page }) => {
  // Each screen checked by axe in both palettes: more than the default 30 s on a loaded two-core machine.
  test.setTimeout(60_000)
  await page.goto('/support')
  await expect(page.getByRole('region', { name: 'Common questions' }).getByRole('listitem').first()).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'I’m not a robot' })).toBeVisible()
  expect(await seriousViolationsInBothPalettes(page)).toEqual({ light: [], dark: [] })
})

test.describe('the live chat (the sandbox’s stand-in for the operator’s widget)', () => {
  test('a guest opens it from support, and an answer that arrives while it is closed is counted unread', async ({ page }) => {
    await page.goto('/support')
    await page.getByRole('button', { name: 'Open the chat' }).click()
    const chat = page.getByRole('dialog', { name: 'Support chat' })
    await expect(chat).toBeVisible()
    await chat.getByRole('textbox', { name: 'Write to the team' }).fill('Hello?')
    await chat.getByRole('button', { name: 'Send' }).click()
    await chat.getByRole('button', { name: 'Close the chat' }).click()
    await expect(chat).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open the chat (1 unread)' })).toBeVisible()
    await page.getByRole('button', { name: 'Open the chat (1 unread)' }).click()
    await expect(chat.getByText(/This is the sandbox chat/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Open the chat', exact: true })).toBeVisible()
  })

  test('a signed-in player’s chat user is created with their id, and its restore id is kept on their profile', async ({ page, baseURL }) => {
    const email = uniqueEmail('chat')
    await signUpViaApi(page, email)
    await page.goto('/support')
    await expect(page.getByRole('button', { name: 'Open the chat' })).toBeVisible()
    const token = await apiToken(baseURL ?? '', email)
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/player/profile', { headers: { Authorization: `Bearer ${token}` } })
        return ((await response.json()) as { freshchatRestoreId: string | null }).freshchatRestoreId
      })
      .toMatch(/^sandbox-/)
    await page.getByRole('button', { name: 'Open the chat' }).click()
    await expect(page.getByRole('dialog', { name: 'Support chat' }).getByText(email)).toBeVisible()
  })
})
