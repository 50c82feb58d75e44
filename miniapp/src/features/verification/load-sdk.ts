import { loadScriptGlobal } from '@/lib/load-script'

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

/**
 * Loads the SDK's script once (on the verification page only: it is large and third-party) and
 * resolves with it; a failed load can be tried again.
 */
export function loadVerificationSdk(src: string, doc: Document = document): Promise<VerificationSdk> {
  return loadScriptGlobal(src, () => window.snsWebSdk, 'The verification service could not be loaded.', doc)
}
