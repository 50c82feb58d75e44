import DOMPurify from 'dompurify'
import { Marked } from 'marked'

// Relative, with its extension: the build's pre-render (tooling/prerender.ts) runs this module in Node as it is.
import { isExternalAddress } from './addresses.ts'

/**
 * The platform's content markdown as safe HTML: `marked` (GitHub-flavoured markdown) turns it into
 * HTML, then DOMPurify keeps only harmless markup. Scripts, styles, forms, frames and every event
 * handler go; a link or image address must be http(s), mailto, tel, a site path or an anchor, so
 * `javascript:`, `data:` and `vbscript:` addresses go too, however they are encoded. Links to other
 * sites open in a new tab with `rel="noopener noreferrer"` (in Telegram the component hands them to
 * the host's browser instead).
 */

const markdown = new Marked({ gfm: true, breaks: false, async: false })

/** Addresses a link or image may point at; anything else is dropped. */
const SAFE_ADDRESS = /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i

const ALLOWED_TAGS = [
  'a', 'b', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img',
  'li', 'ol', 'p', 'pre', 's', 'strong', 'sub', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul',
]
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'colspan', 'rowspan', 'align']

let hooked = false

function addHooks(): void {
  if (hooked) return
  hooked = true
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    for (const attribute of ['href', 'src'] as const) {
      const value = node.getAttribute(attribute)
      if (value !== null && !SAFE_ADDRESS.test(value.trim())) node.removeAttribute(attribute)
    }
    if (node.tagName === 'A' && node.hasAttribute('href') && isExternalAddress(node.getAttribute('href') ?? '')) {
      node.setAttribute('target', '_blank')
      node.setAttribute('rel', 'noopener noreferrer')
    }
  })
}

/** The markdown as HTML that is safe to put in the page. */
export function renderMarkdown(source: string): string {
  addHooks()
  const html = markdown.parse(source) as string
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: SAFE_ADDRESS,
    ADD_ATTR: ['target', 'rel'],
  })
}
