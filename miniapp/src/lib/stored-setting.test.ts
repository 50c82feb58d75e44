import { afterEach, describe, expect, it, vi } from 'vitest'

import { storedSetting } from '@/lib/stored-setting'

const parse = (raw: string | null) => (raw === 'on' ? 'on' : 'off')

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a stored setting', () => {
  it('reads, writes and tells its subscribers', () => {
    const setting = storedSetting('flag', parse)
    let told = 0
    setting.subscribe(() => (told += 1))
    expect(setting.get()).toBe('off')

    setting.set('on')
    expect(localStorage.getItem('flag')).toBe('on')
    expect(setting.get()).toBe('on')
    expect(told).toBe(1)
    setting.stop()
  })

  it('follows a value another tab writes, and nothing else', () => {
    const setting = storedSetting('flag', parse)
    let told = 0
    setting.subscribe(() => (told += 1))
    localStorage.setItem('flag', 'on')
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }))
    expect(told).toBe(0)
    window.dispatchEvent(new StorageEvent('storage', { key: 'flag' }))
    expect(told).toBe(1)
    expect(setting.get()).toBe('on')
    setting.stop()
  })

  it('keeps a value storage refuses for this visit', () => {
    const setting = storedSetting('flag', parse)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError')
    })
    setting.set('on')
    expect(localStorage.getItem('flag')).toBeNull()
    expect(setting.get()).toBe('on')
    setting.stop()
  })

  it('reads the default when storage refuses reads', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Denied', 'SecurityError')
    })
    expect(storedSetting('flag', parse).get()).toBe('off')
  })
})
