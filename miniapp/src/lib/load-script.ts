/**
 * Third-party scripts that publish a global (the identity-verification SDK, the sportsbook widget): each
 * loads once, on the page that needs it, never on the first paint's path. A failed load removes its tag,
 * so the next try loads it afresh.
 */
const loading = new Map<string, Promise<unknown>>()

/**
 * Loads `src` (once) and resolves with what `read` finds once it has run; rejects with `failure` when the
 * script does not load or publishes nothing.
 */
export function loadScriptGlobal<T>(src: string, read: () => T | undefined, failure: string, doc: Document = document): Promise<T> {
  const ready = read()
  if (ready !== undefined) return Promise.resolve(ready)
  const pending = loading.get(src) as Promise<T> | undefined
  if (pending) return pending
  const load = new Promise<T>((resolve, reject) => {
    const script = doc.createElement('script')
    script.src = src
    script.async = true
    script.addEventListener('load', () => {
      const published = read()
      if (published !== undefined) resolve(published)
      else reject(new Error(failure))
    })
    script.addEventListener('error', () => {
      script.remove()
      reject(new Error(failure))
    })
    doc.head.append(script)
  }).catch((error: unknown) => {
    loading.delete(src)
    throw error
  })
  loading.set(src, load)
  return load
}
