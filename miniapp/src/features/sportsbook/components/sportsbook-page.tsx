import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type Ref, useEffect, useReducer, useRef } from 'react'

import { CaptchaField } from '@/components/captcha-field'
import { ShareButton } from '@/components/share-button'
import { LoadError } from '@/components/ui/load-error'
import { eventInfoQueryOptions } from '@/features/sportsbook/api/get-event-info'
import { sportInfoQueryOptions } from '@/features/sportsbook/api/get-sport-info'
import { SportBackdrop, SportCards } from '@/features/sportsbook/components/sport-cards'
import { SportHighlights } from '@/features/sportsbook/components/sport-highlights'
import { sportById } from '@/features/sportsbook/sport-catalogue'
import {
  type SportLocation,
  type SportQuery,
  type SportsbookRoute,
  addressSportId,
  eventLocation,
  parseSportAddress,
  routeLocation,
  routeOfAddress,
  sameRoute,
} from '@/features/sportsbook/sport-path'
import { type SportsbookViewer, useSportsbookSdk } from '@/features/sportsbook/use-sportsbook-sdk'
import type { Mounted, SportsbookSdk } from '@/features/sportsbook/widget-sdk'
import type { RobotCheck } from '@/features/sportsbook/sportsbook-captcha'
import { trackBet } from '@/lib/analytics'
import { captchaSettings } from '@/lib/captcha'
import { t, useI18n } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { currentDevice } from '@/lib/device'

export interface SportsbookPageProps extends SportsbookViewer {
  /** What follows `/sport/` in the address. */
  splat: string
  query: SportQuery
  /** The spec's account refresh when a mobile tab becomes visible again (the wallet's accounts). */
  onRefreshAccounts: () => void
  /** A bet was accepted: what shows bets (histories, open-bet counts) is out of date. */
  onBetPlaced: () => void
}

/** One address as text, to tell whether the address is the one a widget move led to. */
function locationKey({ path, search }: SportLocation): string {
  const entries = Object.entries(search).filter(([, value]) => value !== '')
  entries.sort(([a], [b]) => a.localeCompare(b))
  return `${path.toLowerCase()}?${new URLSearchParams(entries).toString()}`
}

/** Opens an address of the app's router: `/sport` itself or `/sport/$` with its splat. */
function useGoTo() {
  const navigate = useNavigate()
  return (location: SportLocation, replace = false) => {
    const search = location.search as never
    return location.path === '/sport'
      ? navigate({ to: '/sport', search, replace })
      : navigate({ to: '/sport/$', params: { _splat: location.path.slice('/sport/'.length) }, search, replace })
  }
}

/**
 * `/sport/...`: the operator's sportsbook widget, its in-memory router kept in step with the address both
 * ways (spec section 2). The address names the place by slugs; the sport's categories and championships
 * (or the event's information) turn them into the widget's ids, and the widget's moves into addresses.
 * What cannot be looked up falls back to `/sport` (spec section 8).
 */
export function SportsbookPage({ splat, query, onRefreshAccounts, onBetPlaced, ...viewer }: SportsbookPageProps) {
  const { locale } = useI18n()
  const sdk = useSportsbookSdk(viewer)
  const goTo = useGoTo()
  const queryClient = useQueryClient()
  const modals = useModals()

  const address = parseSportAddress(splat, query)
  const sportId = address.kind === 'tree' ? addressSportId(address) : undefined
  const info = useQuery({ ...sportInfoQueryOptions(sportId ?? 0), enabled: sportId !== undefined })
  const eventId = address.kind === 'event' ? address.eventId : undefined
  const event = useQuery({ ...eventInfoQueryOptions(eventId ?? 0), enabled: eventId !== undefined })

  // The esports page is its sport's too.
  const backdropSportId = address.kind === 'special' ? addressSportId(address) : sportId
  const unknownSport = address.kind === 'tree' && sportId === undefined
  const lookupFailed = address.kind === 'invalid' || unknownSport || info.isError || event.isError
  const route: SportsbookRoute | undefined =
    lookupFailed || (sportId !== undefined && !info.data) || (eventId !== undefined && !event.data)
      ? undefined
      : routeOfAddress(address, info.data)
  const fallBack = lookupFailed || (sportId !== undefined && info.data !== undefined && route === undefined)

  useEffect(() => {
    if (!fallBack) return
    console.warn('[sportsbook] this sport address names nothing known; showing /sport instead', { splat })
    void goTo({ path: '/sport', search: {} }, true)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per address that fails
  }, [fallBack, splat])

  // `/sport/event/{id}` opens the event; its address then names it in full.
  useEffect(() => {
    if (address.kind === 'event' && event.data) void goTo(eventLocation(event.data, locale), true)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the event's information arrives
  }, [event.data, locale])

  // Where the widget is now, so its own moves do not start it again when the address follows them; and
  // the address it is following to, from where (its names may not round-trip, e.g. a sport the
  // catalogue lacks is `/sport`: the widget stays where the player took it).
  const widgetRoute = useRef<SportsbookRoute | undefined>(undefined)
  const following = useRef<Move | undefined>(undefined)
  // A move's navigation may end without rendering anything (Back before its address was shown): this
  // renders once more to look at the address.
  const [, resync] = useReducer((n: number) => n + 1, 0)
  const here = locationKey({ path: splat === '' ? '/sport' : `/sport/${splat}`, search: query })
  const lastHere = useRef(here)
  const mounted = useRef<Mounted | undefined>(undefined)
  const container = useRef<HTMLDivElement>(null)

  // The callbacks read the latest of these; the widget keeps the functions it was given.
  const robotPanel = useRef<HTMLElement>(null)
  // A signed-in player's widget without a token asks to "sign in" for a bet: the robot check is what is missing.
  const askSignIn = () => {
    const panel = robotPanel.current
    // Focus brings it into view.
    if (viewer.signedIn && panel) panel.focus()
    else void modals.open('sign-in')
  }
  const latest = useRef<Latest['current']>({ locale, goTo, queryClient, askSignIn, modals, onBetPlaced, moved: () => () => undefined })
  useEffect(() => {
    latest.current = {
      locale,
      goTo,
      queryClient,
      askSignIn,
      modals,
      onBetPlaced,
      moved: (next, to) => {
        widgetRoute.current = next
        const move: Move = { from: lastHere.current, to: locationKey(to), settled: false }
        following.current = move
        return () => {
          if (following.current !== move) return
          move.settled = true
          resync()
        }
      },
    }
  })

  const widget = sdk.status === 'ready' ? sdk.sdk : undefined
  useEffect(() => {
    lastHere.current = here
    if (!widget || !route || !container.current) return
    const pending = following.current
    if (pending) {
      // The address the widget's move led to: it is where the widget already is.
      if (here === pending.to) {
        following.current = undefined
        widgetRoute.current = route
        return
      }
      // That move's address has not landed yet.
      if (here === pending.from && !pending.settled) return
      // The player went elsewhere meanwhile, or back to where the move started before the router had shown
      // its address (a Back pressed at once): the address leads again.
      following.current = undefined
    }
    if (mounted.current && widgetRoute.current && sameRoute(widgetRoute.current, route)) return
    mounted.current?.remove()
    widgetRoute.current = route
    mounted.current = mountSportsbook(widget, container.current, route, latest)
  })

  useEffect(
    () => () => {
      mounted.current?.remove()
      mounted.current = undefined
      widgetRoute.current = undefined
    },
    [],
  )

  // A mobile tab coming back: the balance may have moved elsewhere (spec section 4).
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && currentDevice().mobile) onRefreshAccounts()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => { document.removeEventListener('visibilitychange', onVisible); }
  }, [onRefreshAccounts])

  const waiting = sdk.status === 'loading' || (!route && !fallBack)
  return (
    // At least a screen tall: the widget fills in after its script and data, and the footer must not be
    // on screen to be pushed down meanwhile (layout shift).
    <div className="flex min-h-[calc(100dvh-3.5rem)] flex-col gap-4 py-4">
      <h1 className="sr-only">{t('Sport')}</h1>
      {viewer.signedIn && sdk.robotCheck ? (
        <SportsbookRobotCheck ref={robotPanel} robotCheck={sdk.robotCheck} checkedAt={sdk.robotCheckedAt} onToken={sdk.onRobotToken} />
      ) : null}
      {address.kind === 'overview' ? <SportCards /> : null}
      {address.kind === 'overview' && sdk.status !== 'failed' ? <SportHighlights {...viewer} /> : null}
      {address.kind === 'tree' && address.eventId !== undefined ? (
        <div className="flex justify-end px-4">
          <ShareButton target={{ screen: 'event', id: String(address.eventId) }} name={t('this event')} />
        </div>
      ) : null}
      {address.kind === 'tree' || address.kind === 'special' ? <SportBackdrop sport={backdropSportId === undefined ? undefined : sportById(backdropSportId)} /> : null}
      {sdk.status === 'failed' ? (
        <LoadError title={t('The sportsbook is not available right now')} onRetry={sdk.retry} />
      ) : (
        <>
          {waiting ? <SportsbookSkeleton /> : null}
          <div ref={container} className="min-h-96 px-2" hidden={waiting} data-testid="sportsbook" />
        </>
      )}
    </div>
  )
}

/** A widget move the address follows: from which address to which, and whether its navigation has ended. */
interface Move {
  from: string
  to: string
  settled: boolean
}

interface Latest {
  current: {
    locale: ReturnType<typeof useI18n>['locale']
    goTo: ReturnType<typeof useGoTo>
    queryClient: ReturnType<typeof useQueryClient>
    modals: ReturnType<typeof useModals>
    /** The widget's sign-in prompt (a bet without a token). */
    askSignIn: () => void
    onBetPlaced: () => void
    /**
     * The widget moved to `next` itself; the address is about to follow, to `to`. What it returns is
     * called once the router's navigation there has ended, at that address or overtaken by another.
     */
    moved: (next: SportsbookRoute, to: SportLocation) => () => void
  }
}

/** Starts the widget at `route`; its moves become addresses, its prompts the app's modals. */
function mountSportsbook(widget: SportsbookSdk, container: HTMLElement, route: SportsbookRoute, latest: Latest): Mounted {
  let moves = 0
  let removed = false
  const follow = async (next: SportsbookRoute, replace: boolean) => {
    const { locale, goTo, queryClient } = latest.current
    const move = ++moves
    let location: SportLocation
    try {
      const info = next.sportId !== undefined && next.categoryIds?.length ? await queryClient.query(sportInfoQueryOptions(next.sportId)) : undefined
      const event = next.page === 'event' && next.eventId !== undefined ? await queryClient.query(eventInfoQueryOptions(next.eventId)) : undefined
      location = routeLocation(next, locale, info, event)
    } catch (error) {
      // The widget shows the place; only its address could not be named.
      console.warn('[sportsbook] the address of a sportsbook page could not be looked up', error)
      location = { path: '/sport', search: {} }
    }
    // Overtaken while its address was looked up: by the widget's next move, or by the address (Back) that
    // started another widget in this one's place.
    if (removed || move !== moves) return
    const settled = latest.current.moved(next, location)
    await goTo(location, replace)
    settled()
  }
  const mounted = widget.addSportsBook({
    container,
    props: {
      routerType: 'memory',
      ...route,
      onRouterLoad: (loaded) => {
        // The widget may settle elsewhere (an event that is over, say): the address follows, replacing.
        if (sameRoute(loaded, route)) return
        void follow(loaded, true)
      },
      onRouteChange: (next) => {
        void follow(next, false)
      },
      onSignInButtonClick: () => {
        latest.current.askSignIn()
      },
      onInsufficientBalance: () => {
        void latest.current.modals.open('wallet', 'deposit')
      },
      onBetPlacement: () => {
        haptic('success')
        trackBet()
        latest.current.onBetPlaced()
      },
    },
  })
  return {
    remove: () => {
      removed = true
      mounted.remove()
    },
  }
}

const captcha = captchaSettings()

/**
 * The v2 robot check of a signed-in player's sportsbook start (`sportsbook-captcha.ts`): beside the widget,
 * which shows the book meanwhile; its tick starts the betting session. A refused tick clears the box.
 */
function SportsbookRobotCheck({
  ref,
  robotCheck,
  checkedAt,
  onToken,
}: {
  ref: Ref<HTMLElement>
  robotCheck: RobotCheck
  checkedAt: number
  onToken: (token: string) => void
}) {
  if (captcha.kind !== 'v2') return null
  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="sport-robot-check" className="mx-2 flex flex-col gap-2 rounded-2xl bg-section p-4">
      <h2 id="sport-robot-check" className="text-base font-semibold">
        {t('Confirm you are not a robot to bet')}
      </h2>
      <p className="text-sm text-hint">{t('One check starts your betting session; the odds are already here.')}</p>
      <CaptchaField
        settings={captcha}
        onToken={onToken}
        resetKey={robotCheck === 'refused' ? checkedAt : 0}
        error={robotCheck === 'refused' ? t('The robot check did not pass. Tick the box again.') : undefined}
      />
    </section>
  )
}

function SportsbookSkeleton() {
  return (
    <div className="flex flex-col gap-3 px-4" aria-busy="true">
      <p role="status" className="sr-only">
        {t('Loading the sportsbook')}
      </p>
      <div className="skeleton h-10 w-2/3 rounded-xl" aria-hidden="true" />
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="skeleton h-20 rounded-2xl" aria-hidden="true" />
      ))}
    </div>
  )
}
