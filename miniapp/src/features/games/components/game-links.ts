import { useRouter } from '@tanstack/react-router'
import { type FocusEvent, type MouseEvent, type PointerEvent, type TouchEvent, useEffect, useMemo } from 'react'

import { requestedLocale } from '@/lib/i18n'

/** The attribute that marks a tile's anchor and carries the game's identity (the `/game/$id` parameter). */
const GAME_ATTRIBUTE = 'data-game'

export interface GameLinks {
  /**
   * Attributes of a tile's anchor: its address, as a router `Link` would write it (locale prefix
   * included), and the identity the container's handlers read.
   */
  anchorProps: (identity: string) => { href: string; [GAME_ATTRIBUTE]: string }
  /** Spread on the element that holds the tiles: in-app navigation on click, preloading on intent. */
  containerProps: {
    onClick: (event: MouseEvent<HTMLElement>) => void
    onPointerOver: (event: PointerEvent<HTMLElement>) => void
    onPointerOut: () => void
    onFocus: (event: FocusEvent<HTMLElement>) => void
    onTouchStart: (event: TouchEvent<HTMLElement>) => void
  }
  /** Cancels a hover's pending preload (the list is leaving the page). */
  dispose: () => void
}

interface DelegatedEvent {
  target: EventTarget
  currentTarget: HTMLElement
}

/** The game tile's anchor the event happened in, if it is one of this container's. */
function gameOf(event: DelegatedEvent): { anchor: HTMLAnchorElement; identity: string } | undefined {
  if (!(event.target instanceof Element)) return undefined
  const anchor = event.target.closest<HTMLAnchorElement>(`a[${GAME_ATTRIBUTE}]`)
  const identity = anchor?.getAttribute(GAME_ATTRIBUTE)
  return anchor && identity && event.currentTarget.contains(anchor) ? { anchor, identity } : undefined
}

/**
 * Game tiles' links as plain anchors, with the router's navigation and intent preloading delegated to
 * the list that holds them. A router `Link` per tile subscribes every tile to the router's state and
 * builds its location and handlers on every mount: in the windowed listing, where rows of tiles mount
 * while the player scrolls, that is a large part of each entering row's render (docs/performance.md),
 * and the home page mounts six carousels of them at start-up. An anchor whose list forgot
 * the handlers still works, as a full page load.
 */
export function useGameLinks(): GameLinks {
  const router = useRouter()
  const links = useMemo(() => gameLinks(router), [router])
  useEffect(() => links.dispose, [links])
  return links
}

function gameLinks(router: ReturnType<typeof useRouter>): GameLinks {
  const locationOf = (identity: string) => ({ to: '/game/$id', params: { id: identity } }) as const
  // The app runs on browser history (no hash), where the public address is the anchor's href.
  // Building a location matches and interpolates the route each time, and a row entering the windowed
  // listing asked it once per tile: each address is built once per language (the router's output rewrite
  // puts the language's prefix on it).
  const hrefs = new Map<string, string>()
  const hrefOf = (identity: string) => {
    const key = `${requestedLocale()} ${identity}`
    let href = hrefs.get(key)
    if (href === undefined) {
      href = router.buildLocation(locationOf(identity)).publicHref
      hrefs.set(key, href)
    }
    return href
  }
  const preloaded = new WeakSet<Element>()
  const preloadGame = (game: { anchor: HTMLAnchorElement; identity: string }) => {
    if (preloaded.has(game.anchor)) return
    preloaded.add(game.anchor)
    // A failed preload is retried by the navigation itself, as a Link's would be.
    router.preloadRoute(locationOf(game.identity)).catch(() => undefined)
  }
  const preload = (event: DelegatedEvent) => {
    const game = gameOf(event)
    if (game) preloadGame(game)
  }
  // A mouse passing over the grid is not intent: like a Link, wait a moment before preloading.
  let hover: ReturnType<typeof setTimeout> | undefined
  return {
    dispose: () => {
      clearTimeout(hover)
    },
    anchorProps: (identity) => ({ href: hrefOf(identity), [GAME_ATTRIBUTE]: identity }),
    containerProps: {
      onClick: (event) => {
        // New tabs, windows and downloads stay the browser's, as with any link.
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        const game = gameOf(event)
        if (!game || (game.anchor.target !== '' && game.anchor.target !== '_self')) return
        event.preventDefault()
        void router.navigate(locationOf(game.identity))
      },
      onPointerOver: (event) => {
        clearTimeout(hover)
        if (event.pointerType !== 'mouse') {
          preload(event)
          return
        }
        // The tile is found now, while the event is current; the timer only preloads it.
        const game = gameOf(event)
        if (!game) return
        hover = setTimeout(() => {
          preloadGame(game)
        }, router.options.defaultPreloadDelay ?? 50)
      },
      onPointerOut: () => {
        clearTimeout(hover)
      },
      onFocus: preload,
      onTouchStart: preload,
    },
  }
}
