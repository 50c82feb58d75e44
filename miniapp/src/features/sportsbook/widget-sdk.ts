import { env } from '@/config/env'
import { loadScriptGlobal } from '@/lib/load-script'

import type { SportsbookRoute } from '@/features/sportsbook/sport-path'

/**
 * The part of the sportsbook widget's public surface (Altenar's `window.altenarWSDK`) this app uses. The
 * sandbox platform serves a stand-in with the same surface (`/sandbox/sportsbook/wsdk.js`).
 */
export type ThemeName = 'light' | 'dark'

/** How the widget writes times and dates, by the widget's names for them (moment.js tokens). */
export interface DateFormats {
  time: string
  day: string
  date: string
  dateTime: string
  dayMonth: string
  dayMonthTime: string
}

/** Spec section 9, "sportsbook date formats". */
export const SPORTSBOOK_DATE_FORMATS: DateFormats = {
  time: 'HH:mm',
  day: 'DD',
  date: 'DD.MM.YY',
  dateTime: 'DD.MM.YY, HH:mm',
  dayMonth: 'DD.MM',
  dayMonthTime: 'DD.MM HH:mm',
}

export interface WidgetSettings {
  integration: string
  /** The widget's culture (`culture.ts`). */
  culture: string
  /** The game session's token from the play call; empty for a guest. */
  token: string
  themeName: ThemeName
  /**
   * The player is signed in and their session waits for the robot check (`sportsbook-captcha.ts`): the
   * bet button asks for that check instead of a sign-in. The sandbox's widget reads it; a widget that does
   * not keeps its own sign-in text, and its click still leads to the check.
   */
  robotCheck?: boolean
  /** Decimal odds. */
  oddformat?: number
  dateFormat?: DateFormats
}

/** An event the player picked in the widget. */
export interface SelectedEvent {
  eventId: number
  sportId?: number
  categoryId?: number
  championshipId?: number
  name?: string
}

export interface SportsbookProps extends Partial<Omit<SportsbookRoute, 'page'>> {
  routerType: 'memory'
  page?: SportsbookRoute['page']
  onRouteChange?: (route: SportsbookRoute) => void
  onRouterLoad?: (route: SportsbookRoute) => void
  onEventSelect?: (event: SelectedEvent) => void
  /** A guest tried to bet. */
  onSignInButtonClick?: () => void
  /** A bet was accepted. */
  onBetPlacement?: (bet: unknown) => void
  /** A bet was refused for the balance. */
  onInsufficientBalance?: () => void
}

export type CarouselWidget = 'WTopEventsCarousel' | 'WLiveNowCarousel'

export interface Mounted {
  remove: () => void
}

export interface SportsbookSdk {
  init: (settings: WidgetSettings) => void
  set: (settings: Partial<Omit<WidgetSettings, 'integration'>>) => void
  addSportsBook: (options: { container: HTMLElement; props: SportsbookProps }) => Mounted
  addWidget: (options: {
    widget: CarouselWidget
    container: HTMLElement
    props: {
      maxEvents?: number
      sportId?: number
      /** Which of the provider's event pictures a card shows (the top events carousel's is 2). */
      imageType?: number
      onEventSelect?: (event: SelectedEvent) => void
    }
  }) => Mounted
}

declare global {
  interface Window {
    altenarWSDK?: SportsbookSdk
  }
}

/** Loads the widget's script once, on a page that shows the sportsbook or its carousels. */
export function loadSportsbookSdk(): Promise<SportsbookSdk> {
  return loadScriptGlobal(env.VITE_SPORTSBOOK_SCRIPT_URL, () => window.altenarWSDK, 'The sportsbook could not be loaded.')
}
