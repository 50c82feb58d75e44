import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'

import { registrationScenario, registrationScenarioHandler } from '@/features/auth/testing/handlers'
import { formFields, registrationSchema, signUp } from '@/features/auth/registration-scenario'
import { accounts, profile } from '@/test/fixtures'
import { fakeJwt } from '@/test/fake-jwt'
import { server } from '@/test/msw/server'
import { renderRoute } from '@/test/render-route'
import { validateValues } from '@/lib/validation'

const token = () => fakeJwt({ sub: String(profile.id), exp: Math.floor(Date.now() / 1000) + 3600 })

/** Pastes the text, as quick as typing is slow on a loaded machine; the field's onChange sees it all. */
async function typeInto(user: { click: (element: Element) => Promise<void>; paste: (text: string) => Promise<void> }, element: HTMLElement, text: string) {
  await user.click(element)
  await user.paste(text)
}

async function openSignUp() {
  const rendered = renderRoute('/?sign-up=true')
  const dialog = await screen.findByRole('dialog', { name: 'Create your account' })
  return { ...rendered, dialog }
}

describe('the sign-up form built from the registration scenario', () => {
  // The dialog is a lazy chunk: loaded once up front, each test's dialog opens without waiting for it.
  beforeAll(async () => {
    await import('@/features/auth/modals/sign-up-modal')
  }, 60_000)

  it('shows a skeleton while the scenario loads, an error with Retry when it fails, then the form', async () => {
    let calls = 0
    server.use(
      http.get('/api/player/fields/validations', () => {
        calls += 1
        return calls === 1 ? HttpResponse.json({ code: 'unavailable', message: 'Down.' }, { status: 503 }) : HttpResponse.json({ data: registrationScenario })
      }),
    )
    const { user, dialog } = await openSignUp()
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the sign-up form')

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The sign-up form did not load')
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }))

    expect(await within(dialog).findByLabelText('E-mail')).toBeInTheDocument()
    expect(within(dialog).getAllByRole('checkbox').map((box) => box.getAttribute('name'))).toEqual([
      'receiveEmailPromo',
      'receiveSmsPromo',
      'receiveBonus',
      'agreements',
    ])
  })

  it('asks only for the fields the scenario names, with its rules: a field it makes required is required', async () => {
    server.use(
      registrationScenarioHandler([
        { field: 'email', isRequired: true, rules: [{ rule: 'email' }] },
        { field: 'password', isRequired: true, rules: [{ rule: 'minLength', value: 10 }] },
        { field: 'nickname', isRequired: true, rules: [{ rule: 'alpha_dash' }] },
        { field: 'agreements', isRequired: true, rules: [{ rule: 'accepted' }] },
      ]),
    )
    const { user, dialog } = await openSignUp()
    await user.type(await within(dialog).findByLabelText('E-mail'), 'new@example.com')
    await user.type(within(dialog).getByLabelText('Password'), 'nine-char')
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }))

    expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('This field should be at least 10 characters long')
    expect(within(dialog).getByLabelText('Nickname')).toHaveAccessibleDescription('Value is required')
    expect(within(dialog).getByRole('checkbox')).toHaveAccessibleDescription('This must be accepted')
    expect(within(dialog).queryByLabelText('Phone number')).not.toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Bonus code (optional)')).not.toBeInTheDocument()

    await user.type(within(dialog).getByLabelText('Nickname'), 'lucky ace')
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }))
    expect(within(dialog).getByLabelText('Nickname')).toHaveAccessibleDescription('The value may only contain letters, digits, underscores and hyphens')
  })

  it('masks the phone, sends the bonus code and opt-ins, and shows the platform’s refusal of the code on its field', async () => {
    const sent: Record<string, unknown>[] = []
    let refuse = true
    server.use(
      http.post('/api/player/register', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>)
        return refuse
          ? HttpResponse.json({ code: 'validation_failed', message: 'Check the fields.', fields: { bonusCode: 'There is no such bonus code.' } }, { status: 422 })
          : HttpResponse.json({ profile }, { status: 201 })
      }),
      http.post('/api/player/sessions', () => HttpResponse.json({ accessToken: token(), profile })),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
    )
    const { user, dialog } = await openSignUp()
    await typeInto(user, await within(dialog).findByLabelText('E-mail'), 'new@example.com')
    await typeInto(user, within(dialog).getByLabelText('Password'), 'long-enough')
    await typeInto(user, within(dialog).getByLabelText('Phone number'), '44 (7911) 123-456')
    expect(within(dialog).getByLabelText('Phone number')).toHaveValue('+447911123456')
    await typeInto(user, within(dialog).getByLabelText('Bonus code (optional)'), 'NOPE')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Offers and bonuses by e-mail' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'I want to receive bonuses' }))
    await user.click(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }))

    await waitFor(() => {
      expect(within(dialog).getByLabelText('Bonus code (optional)')).toHaveAccessibleDescription('There is no such bonus code.')
    })
    refuse = false
    await user.clear(within(dialog).getByLabelText('Bonus code (optional)'))
    await typeInto(user, within(dialog).getByLabelText('Bonus code (optional)'), 'BONUS10')
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }))

    expect(await screen.findByTestId('header-balance')).toBeInTheDocument()
    expect(sent[1]).toEqual({
      email: 'new@example.com',
      password: 'long-enough',
      currency: 'USD',
      phone: '+447911123456',
      bonusCode: 'BONUS10',
      receiveEmailPromo: true,
      receiveSmsPromo: false,
      receiveBonus: true,
      agreements: true,
      fingerprint: 'test-visitor',
      secondFingerprint: expect.any(String) as string,
    })
  })
})

describe('the phone sign-up built from the same scenario', () => {
  beforeAll(async () => {
    await import('@/features/auth/modals/sign-up-modal')
  }, 60_000)

  it('asks for the number first and required instead of the e-mail, with the scenario’s rules, mask and opt-ins, and sends them all with the code', async () => {
    server.use(
      registrationScenarioHandler([
        { field: 'email', isRequired: true, rules: [{ rule: 'email' }] },
        { field: 'password', isRequired: true, rules: [{ rule: 'minLength', value: 8 }] },
        { field: 'nickname', isRequired: true, rules: [{ rule: 'alpha_dash' }] },
        { field: 'phone', isRequired: false, rules: [{ rule: 'phone' }], mask: '+#################' },
        { field: 'bonusCode', isRequired: false, rules: [] },
        { field: 'receiveSmsPromo', isRequired: false, rules: [] },
        { field: 'agreements', isRequired: true, rules: [{ rule: 'accepted' }] },
      ]),
    )
    const codes: unknown[] = []
    const registrations: unknown[] = []
    const signIns: unknown[] = []
    server.use(
      http.post('/api/player/otp/send', async ({ request }) => {
        codes.push(await request.json())
        return HttpResponse.json({ sent: true, retryAfter: 30 })
      }),
      http.post('/api/player/register/phone', async ({ request }) => {
        registrations.push(await request.json())
        return HttpResponse.json({ profile }, { status: 201 })
      }),
      http.post('/api/player/sessions', async ({ request }) => {
        signIns.push(await request.json())
        return HttpResponse.json({ accessToken: token(), profile })
      }),
      http.get('/api/wallet/accounts', () => HttpResponse.json({ data: accounts })),
    )
    const { user, dialog } = await openSignUp()
    await user.click(within(dialog).getByRole('button', { name: 'Phone' }))
    const phone = await within(dialog).findByLabelText('Phone number')
    expect(within(dialog).getAllByRole('textbox')[0]).toBe(phone)
    expect(within(dialog).queryByLabelText('E-mail')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))
    expect(phone).toHaveAccessibleDescription('Value is required')
    expect(within(dialog).getByLabelText('Nickname')).toHaveAccessibleDescription('Value is required')
    expect(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ })).toHaveAccessibleDescription('This must be accepted')
    expect(codes).toEqual([])

    await typeInto(user, phone, '55 (11) 99876-5432')
    expect(phone).toHaveValue('+5511998765432')
    await typeInto(user, within(dialog).getByLabelText('Password'), 'correct-horse')
    await typeInto(user, within(dialog).getByLabelText('Nickname'), 'lucky_ace')
    await typeInto(user, within(dialog).getByLabelText('Bonus code (optional)'), 'BONUS10')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Offers and bonuses by text message' }))
    await user.click(within(dialog).getByRole('checkbox', { name: /Terms and Conditions/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }))

    const verify = await screen.findByRole('dialog', { name: 'Confirm your number' })
    await user.type(within(verify).getByLabelText('Code'), '654321')
    await user.click(within(verify).getByRole('button', { name: 'Create account' }))
    expect(await screen.findByTestId('header-balance')).toBeInTheDocument()
    expect(codes).toEqual([{ phone: '+5511998765432' }])
    expect(registrations).toEqual([
      {
        phone: '+5511998765432',
        password: 'correct-horse',
        currency: 'USD',
        nickname: 'lucky_ace',
        bonusCode: 'BONUS10',
        receiveSmsPromo: true,
        agreements: true,
        code: '654321',
        fingerprint: 'test-visitor',
        secondFingerprint: expect.any(String) as string,
      },
    ])
    // The new player signs in with the number and the password.
    expect(signIns).toEqual([{ login: '+5511998765432', password: 'correct-horse', fingerprint: 'test-visitor', secondFingerprint: expect.any(String) as string }])
  })
})

describe('registrationSchema', () => {
  it('requires a required box to be ticked and the captcha only as the v2 checkbox', () => {
    const fields = formFields([
      { field: 'receiveBonus', isRequired: true, rules: [] },
      { field: 'captcha', isRequired: true, rules: [] },
    ])
    const values = { receiveBonus: false, captcha: '' }
    expect(Object.keys(validateValues(values, registrationSchema(fields, 'v2')))).toEqual(['receiveBonus', 'captcha'])
    expect(Object.keys(validateValues(values, registrationSchema(fields, 'enterprise')))).toEqual(['receiveBonus'])
    expect(validateValues({ receiveBonus: true, captcha: '' }, registrationSchema(fields, 'off'))).toEqual({})
  })

  it('sends what was filled in, trimmed, with the preselected currency and a captcha token when there is one', () => {
    expect(signUp('email', { email: ' a@b.co ', password: 'p', nickname: ' ', country: 'BR', agreements: true, captcha: 'token' }, [{ value: 'USD' }], 'aff')).toEqual({
      method: 'email',
      registration: { email: 'a@b.co', password: 'p', currency: 'USD', country: 'BR', agreements: true, captcha: 'token', affiliateTag: 'aff' },
    })
  })
})
