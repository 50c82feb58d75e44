/**
 * The query parameters a web address carries a start parameter in: ours, and the name Telegram's hash uses.
 * Apart from `lib/start-param.ts` so that the first chunk can tell whether to load that reader at all.
 */
export const START_PARAM_QUERY_KEYS = ['startapp', 'tgWebAppStartParam'] as const

const WITH_START_PARAM = new RegExp(`[?&](?:${START_PARAM_QUERY_KEYS.join('|')})=`)

/** Whether `search` (an address's query) gives a start parameter a value. */
export function hasStartParamQuery(search: string): boolean {
  return WITH_START_PARAM.test(search)
}
