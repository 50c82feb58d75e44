import { describe, expect, it } from 'vitest'

import { renderMarkdown } from '@/lib/markdown/render'

/** The classic payloads: none may survive as markup that runs or navigates to script. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](%6Aavascript:alert(1))',
  '[click]( javascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '[click](vbscript:msgbox(1))',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(1)">x</a>',
  '<img src="x" onerror="alert(1)" />',
  '"><img src=x onerror=alert(1)>',
]

function parsed(html: string): HTMLElement {
  const container = document.createElement('div')
  container.innerHTML = html
  return container
}

describe('renderMarkdown', () => {
  it.each(PAYLOADS)('leaves nothing that runs of %s', (payload) => {
    const html = renderMarkdown(`Before\n\n${payload}\n\nAfter`)
    const dom = parsed(html)
    expect(dom.querySelectorAll('script, iframe, object, embed, form, style, base, meta, svg, math, details').length).toBe(0)
    for (const element of dom.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), `${attribute.name} on <${element.tagName}>`).toBe(false)
        expect(attribute.name).not.toBe('style')
      }
      for (const name of ['href', 'src']) {
        const value = element.getAttribute(name)
        if (value !== null) expect(value).toMatch(/^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i)
      }
    }
    expect(html.toLowerCase()).not.toContain('javascript:')
    // The text around the payload stays (an unclosed payload may swallow what follows it, which is fine).
    expect(dom.textContent).toContain('Before')
  })

  it('keeps ordinary content and marks links to other sites', () => {
    const html = renderMarkdown(
      '# Terms\n\nRead **carefully**. See [privacy](/static/privacy-policy) and [the regulator](https://regulator.example/).\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    )
    const dom = parsed(html)
    expect(dom.querySelector('h1')?.textContent).toBe('Terms')
    expect(dom.querySelector('strong')?.textContent).toBe('carefully')
    expect(dom.querySelector('table td')?.textContent).toBe('1')
    const [inside, outside] = [...dom.querySelectorAll('a')]
    expect(inside?.getAttribute('href')).toBe('/static/privacy-policy')
    expect(inside?.hasAttribute('target')).toBe(false)
    expect(outside?.getAttribute('target')).toBe('_blank')
    expect(outside?.getAttribute('rel')).toBe('noopener noreferrer')
  })
})
