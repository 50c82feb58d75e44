import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'

import { env } from '@/config/env'
import { sportsbookCulture } from '@/features/sportsbook/culture'
import { sportsbookTokenQueryOptions, useSportsbookToken } from '@/features/sportsbook/api/start-sportsbook'
import { provideRobotToken, type RobotCheck } from '@/features/sportsbook/sportsbook-captcha'
import { loadSportsbookSdk, SPORTSBOOK_DATE_FORMATS, type SportsbookSdk, type ThemeName, type WidgetSettings } from '@/features/sportsbook/widget-sdk'
import { useShownColorMode } from '@/lib/color-mode'
import { LOCALE_TAGS, useI18n } from '@/lib/i18n'

export type SportsbookSdkState = ({ status: 'loading' } | { status: 'ready'; sdk: SportsbookSdk } | { status: 'failed'; retry: () => void }) & {
  /** A signed-in player's widget runs without a token until this robot check passes (`sportsbook-captcha.ts`). */
  robotCheck: RobotCheck | undefined
  /** When the robot check's state last came (a refusal clears the box for another tick). */
  robotCheckedAt: number
  /** The v2 box was ticked: start the session with its token. */
  onRobotToken: (token: string) => void
}

export interface SportsbookViewer {
  signedIn: boolean
  /** The active account: the widget's token is refreshed when it changes. */
  accountId: number | undefined
  countryCode: string | undefined
  /** Whether the active account and the profile's country are known (a guest has none): the token waits for them. */
  accountKnown: boolean
}

/**
 * What the widget was initialised with, as a small store: the SDK is one global for the page's lifetime
 * (spec section 4, "an initiated flag"), so later pages only `set` what changed, and every view that
 * waits for it (the page, the carousels) re-renders once it is.
 */
type Applied = Required<Omit<WidgetSettings, 'integration' | 'oddformat' | 'dateFormat'>>
let initiated: Applied | undefined
let startFailed = false
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Forgets the initialisation (tests load a fresh widget). */
export function resetSportsbookSdk(): void {
  initiated = undefined
  startFailed = false
  notify()
}

function changes(previous: Applied, next: Applied): Partial<Applied> | undefined {
  const changed: Partial<Applied> = {}
  if (next.token !== previous.token) changed.token = next.token
  if (next.themeName !== previous.themeName) changed.themeName = next.themeName
  if (next.culture !== previous.culture) changed.culture = next.culture
  if (next.robotCheck !== previous.robotCheck) changed.robotCheck = next.robotCheck
  return Object.keys(changed).length > 0 ? changed : undefined
}

/** Initialises the widget once, or tells it what changed since. */
function apply(sdk: SportsbookSdk, next: Applied): void {
  try {
    if (initiated === undefined) {
      sdk.init({ integration: env.VITE_SPORTSBOOK_INTEGRATION, oddformat: 0, dateFormat: SPORTSBOOK_DATE_FORMATS, ...next })
    } else {
      const changed = changes(initiated, next)
      if (changed === undefined) return
      sdk.set(changed)
    }
    initiated = next
  } catch (error) {
    console.warn('[sportsbook] the widget did not start', error)
    startFailed = true
  }
  notify()
}

/**
 * The sportsbook start-up (spec section 4): the provider's script loads, a token is fetched if a profile
 * exists (else empty), then the SDK is initialised once. Afterwards the token and theme are refreshed
 * whenever the account or the colour mode changes (and the culture with the language).
 */
export function useSportsbookSdk(viewer: SportsbookViewer): SportsbookSdkState {
  const { locale } = useI18n()
  const themeName: ThemeName = useShownColorMode()
  const start = { ...viewer, locale }
  const token = useSportsbookToken(start, viewer.accountKnown)
  const queryClient = useQueryClient()
  const tokenKey = sportsbookTokenQueryOptions(start).queryKey
  const onRobotToken = (ticked: string) => {
    if (ticked === '') return
    provideRobotToken(ticked)
    // Its start runs again, now with the tick.
    void queryClient.invalidateQueries({ queryKey: tokenKey, exact: true })
  }
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState<{ sdk?: SportsbookSdk; failed?: boolean }>({})
  const started = useSyncExternalStore(subscribe, () => initiated !== undefined)
  const failedToStart = useSyncExternalStore(subscribe, () => startFailed)

  useEffect(() => {
    let current = true
    loadSportsbookSdk().then(
      (sdk) => {
        if (current) setLoaded({ sdk })
      },
      (error: unknown) => {
        console.warn('[sportsbook] the widget did not load', error)
        if (current) setLoaded({ failed: true })
      },
    )
    return () => {
      current = false
    }
  }, [attempt])

  const sdk = loaded.sdk
  const widgetToken = token.data?.token
  const robotCheck = token.data?.robotCheck
  const culture = sportsbookCulture(LOCALE_TAGS[locale])
  useEffect(() => {
    // The token first: a signed-in player's widget must not start as a guest's (unless its session waits
    // for the v2 robot check, `sportsbook-captcha.ts`: then it is given the token once ticked).
    if (sdk !== undefined && widgetToken !== undefined) apply(sdk, { culture, token: widgetToken, themeName, robotCheck: robotCheck !== undefined })
  }, [sdk, widgetToken, themeName, culture, robotCheck])

  if (loaded.failed || failedToStart) {
    return {
      status: 'failed',
      robotCheck,
      robotCheckedAt: token.dataUpdatedAt,
      onRobotToken,
      retry: () => {
        startFailed = false
        setLoaded({})
        setAttempt((n) => n + 1)
        notify()
      },
    }
  }
  return sdk !== undefined && started ? { status: 'ready', sdk, robotCheck, robotCheckedAt: token.dataUpdatedAt, onRobotToken } : { status: 'loading', robotCheck, robotCheckedAt: token.dataUpdatedAt, onRobotToken }
}
