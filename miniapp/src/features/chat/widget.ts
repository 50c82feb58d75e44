import { loadScriptGlobal } from '@/lib/load-script'

/** The part of Freshchat's web widget (`window.fcWidget`) the app uses; the sandbox's stand-in has the same. */
export interface ChatUser {
  externalId?: string
  restoreId?: string
  firstName?: string
  lastName?: string
  email?: string
  phone?: string
  locale?: string
}

export interface FcWidget {
  init: (config: ChatUser & { token: string; host: string; config?: { headerProperty?: { hideChatButton?: boolean } } }) => void
  isInitialized: () => boolean
  open: () => void
  destroy: () => void
  on: (event: string, listener: (payload: unknown) => void) => void
  user: {
    setProperties: (properties: Record<string, string>) => Promise<unknown>
    clear: () => Promise<unknown>
  }
}

function readWidget(): FcWidget | undefined {
  return (window as unknown as { fcWidget?: FcWidget }).fcWidget
}

/** Loads the chat's widget from its host (`{host}/js/widget.js`, where Freshchat serves it), once. */
export function loadChatWidget(host: string): Promise<FcWidget> {
  return loadScriptGlobal(`${host.replace(/\/$/, '')}/js/widget.js`, readWidget, 'The chat widget did not load.')
}

/** A `user:created` answer's restore id, if it carries one. */
export function restoreIdOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined
  const data = (payload as { data?: unknown }).data
  const restoreId = typeof data === 'object' && data !== null ? (data as { restoreId?: unknown }).restoreId : undefined
  return typeof restoreId === 'string' && restoreId !== '' ? restoreId : undefined
}

/** An `unreadCount:notify` payload's count (0 for anything else). */
export function unreadCountOf(payload: unknown): number {
  const count = typeof payload === 'object' && payload !== null ? (payload as { count?: unknown }).count : undefined
  return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 0
}
