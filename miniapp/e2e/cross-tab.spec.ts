import { expect, test } from '@playwright/test'

import { signOut, signUpViaApi, uniqueEmail } from './helpers'

test('signing out in one tab signs the other tab out too', async ({ context }) => {
  const first = await context.newPage()
  await signUpViaApi(first, uniqueEmail('tabs'))
  const second = await context.newPage()
  await second.goto('/')
  await expect(second.getByRole('banner').getByTestId('header-balance')).toHaveText('$0.00')

  await signOut(first)

  // The other tab hears the change-session marker and goes to the home page as a guest.
  await expect(second.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible()
  await expect(second.getByRole('banner').getByTestId('header-balance')).toHaveCount(0)
  await expect(second).toHaveURL(/\/$/)
})
