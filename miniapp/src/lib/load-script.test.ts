import { afterEach, describe, expect, it } from 'vitest'

import { loadScriptGlobal } from '@/lib/load-script'

declare global {
  interface Window {
    testWidget?: { name: string }
  }
}

function scriptTags(src: string): HTMLScriptElement[] {
  return [...document.head.querySelectorAll('script')].filter((script) => script.getAttribute('src') === src)
}

afterEach(() => {
  delete window.testWidget
  document.head.innerHTML = ''
})

describe('loadScriptGlobal', () => {
  it('adds one async tag for concurrent loads and resolves with the published global', async () => {
    const first = loadScriptGlobal('/widget.js', () => window.testWidget, 'no widget')
    const second = loadScriptGlobal('/widget.js', () => window.testWidget, 'no widget')
    const [tag] = scriptTags('/widget.js')
    expect(scriptTags('/widget.js')).toHaveLength(1)
    expect(tag?.async).toBe(true)
    window.testWidget = { name: 'sandbox' }
    tag?.dispatchEvent(new Event('load'))
    await expect(first).resolves.toEqual({ name: 'sandbox' })
    await expect(second).resolves.toEqual({ name: 'sandbox' })
    // Once published, no tag is added again.
    await expect(loadScriptGlobal('/widget.js', () => window.testWidget, 'no widget')).resolves.toEqual({ name: 'sandbox' })
    expect(scriptTags('/widget.js')).toHaveLength(1)
  })

  it('rejects when the host is down, removes the tag, and loads afresh on the next try', async () => {
    const failed = loadScriptGlobal('/down.js', () => window.testWidget, 'The widget could not be loaded.')
    scriptTags('/down.js')[0]?.dispatchEvent(new Event('error'))
    await expect(failed).rejects.toThrow('The widget could not be loaded.')
    expect(scriptTags('/down.js')).toHaveLength(0)

    const retried = loadScriptGlobal('/down.js', () => window.testWidget, 'The widget could not be loaded.')
    expect(scriptTags('/down.js')).toHaveLength(1)
    window.testWidget = { name: 'back' }
    scriptTags('/down.js')[0]?.dispatchEvent(new Event('load'))
    await expect(retried).resolves.toEqual({ name: 'back' })
  })

  it('rejects a script that loads but publishes nothing', async () => {
    const empty = loadScriptGlobal('/empty.js', () => window.testWidget, 'nothing published')
    scriptTags('/empty.js')[0]?.dispatchEvent(new Event('load'))
    await expect(empty).rejects.toThrow('nothing published')
  })
})
