import { describe, expect, it } from 'vitest'

import { telegramLanguage } from '@/app/telegram-storage'

/** Init data as Telegram signs it, for a user described by `user`. */
const initDataOf = (user: unknown) => `user=${encodeURIComponent(JSON.stringify(user))}&auth_date=1700000000&hash=abc`

describe("a Telegram player's language", () => {
  it("is the init data's user.language_code", () => {
    expect(telegramLanguage(initDataOf({ id: 42, first_name: 'Ada', language_code: 'pt-br' }))).toBe('pt-br')
  })

  it('is empty when the init data names none or cannot be read', () => {
    expect(telegramLanguage(initDataOf({ id: 42, first_name: 'Ada' }))).toBe('')
    expect(telegramLanguage('auth_date=1700000000&hash=abc')).toBe('')
    expect(telegramLanguage('user=%7Bnot-json')).toBe('')
  })
})
