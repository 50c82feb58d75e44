/**
 * Whether an address leaves the site (and so opens outside the app). Apart from the renderer
 * (render.ts), which marks such links, because the component that shows rendered markdown needs it for
 * every click and must not load the renderer for that (markdown.tsx).
 */
export function isExternalAddress(href: string, origin: string = window.location.origin): boolean {
  try {
    return new URL(href, origin).origin !== origin
  } catch {
    return false
  }
}
