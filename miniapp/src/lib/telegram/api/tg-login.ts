import { apiRequest } from '@/lib/api-client'
import type { Schemas, SessionResponse } from '@/lib/api-types'
import { readyDeviceFingerprint } from '@/lib/fingerprint'

export interface TelegramLogin {
  /** The raw init data string, untouched: the server checks its signature over exactly these bytes. */
  initData: string
  refId?: string | undefined
  affiliateTag?: string | undefined
}

/**
 * `POST /player/tg_login/refresh`: the same init data signs a messenger player in again when their session
 * is lost (a token the platform refused, or one that could not be refreshed); 401 and 403 as `tg_login`.
 */
export function telegramLoginRefresh({ initData, affiliateTag }: Omit<TelegramLogin, 'refId'>): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/player/tg_login/refresh', {
    method: 'POST',
    body: { tg_payload: initData, ...(affiliateTag ? { affiliateTag } : {}) } satisfies Schemas['TgLoginRefresh'],
    auth: 'none',
  })
}

/** `POST /player/tg_login`: 401 when the init data is invalid or stale, 403 for a blocked player. */
export function telegramLogin({ initData, refId, affiliateTag }: TelegramLogin): Promise<SessionResponse> {
  // The launch's sign-in does not wait for a fingerprint; a later one (after a lost session) has it.
  const frogoFingerprint = readyDeviceFingerprint()
  return apiRequest<SessionResponse>('/player/tg_login', {
    method: 'POST',
    body: {
      tg_payload: initData,
      ...(affiliateTag ? { affiliateTag } : {}),
      ...(refId ? { ref_id: refId } : {}),
      ...(frogoFingerprint ? { frogoFingerprint } : {}),
    } satisfies Schemas['TgLogin'],
    auth: 'none',
  })
}
