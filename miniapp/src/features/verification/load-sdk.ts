/** The part of the verification service's web SDK (Sumsub's builder) this app uses. */
export interface VerificationSdkInstance {
  launch: (container: string | HTMLElement) => void
  destroy?: () => void
}

interface VerificationSdkBuilder {
  withConf: (conf: { lang?: string; theme?: 'light' | 'dark'; email?: string; phone?: string }) => VerificationSdkBuilder
  withOptions: (options: { addViewportTag?: boolean; adaptIframeHeight?: boolean }) => VerificationSdkBuilder
  on: (type: string, handler: (payload: unknown) => void) => VerificationSdkBuilder
  build: () => VerificationSdkInstance
}

export interface VerificationSdk {
  init: (accessToken: string, refreshToken: () => Promise<string>) => VerificationSdkBuilder
}

declare global {
  interface Window {
    snsWebSdk?: VerificationSdk
  }
}

let loading: Promise<VerificationSdk> | undefined

/**
 * Loads the SDK's script once (on the verification page only: it is large and third-party) and
 * resolves with it; a failed load can be tried again.
 */
export function loadVerificationSdk(src: string, doc: Document = document): Promise<VerificationSdk> {
  if (window.snsWebSdk) return Promise.resolve(window.snsWebSdk)
  loading ??= new Promise<VerificationSdk>((resolve, reject) => {
    const script = doc.createElement('script')
    script.src = src
    script.async = true
    script.addEventListener('load', () => {
      if (window.snsWebSdk) resolve(window.snsWebSdk)
      else reject(new Error('The verification service did not start.'))
    })
    script.addEventListener('error', () => {
      script.remove()
      reject(new Error('The verification service could not be loaded.'))
    })
    doc.head.append(script)
  }).catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}
