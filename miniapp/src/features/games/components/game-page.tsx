import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'

import { ShareButton } from '@/components/share-button'
import { Button } from '@/components/ui/button'
import { useGame } from '@/features/games/api/get-game'
import { usePlayGame } from '@/features/games/api/play-game'
import { playedQueryOptions } from '@/features/games/api/get-played'
import { FavoriteButton } from '@/features/games/components/favorite-button'
import { BetEvents } from '@/features/games/components/bet-events'
import { GAME_FRAME_ALLOW, GAME_FRAME_SANDBOX, safeGameUrl } from '@/features/games/game-url'
import { storeLastGame } from '@/features/games/last-game'
import { recordPlayed } from '@/features/games/recently-played'
import { useQueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api-client'
import { currentLocale, t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { exitNativeFullscreen, haptic, requestNativeFullscreen } from '@/lib/native'
import { currentDevice } from '@/lib/device'
import { useSession } from '@/lib/session'

const MOBILE_GAME_SEEN_KEY = 'mobile-game-seen'

type Mode = 'real' | 'demo'

interface Running {
  url: string
  mode: Mode
  identity: string
}

/** Opens `mobile-game` the first time in a visit a player on a phone or tablet starts a game. */
function firstMobileLaunch(): boolean {
  if (!currentDevice().mobile) return false
  try {
    if (window.sessionStorage.getItem(MOBILE_GAME_SEEN_KEY)) return false
    window.sessionStorage.setItem(MOBILE_GAME_SEEN_KEY, '1')
  } catch {
    return false
  }
  return true
}

/**
 * `/game/{id}`: the game's card (artwork, provider, favourite), the Real / Demo choice, and the
 * running game in a sandboxed frame with its bet events below. Guests play demo only.
 */
export function GamePage({ id }: { id: string }) {
  const { data: game } = useGame(id)
  const { state } = useSession()
  const signedIn = state.status === 'loggedIn'
  const modals = useModals()
  const queryClient = useQueryClient()
  const play = usePlayGame()
  const [started, setRunning] = useState<Running>()
  const [refused, setRefused] = useState(false)
  const stage = useRef<HTMLDivElement>(null)

  const owner = signedIn && state.profileId !== undefined ? state.profileId : 'guest'
  useEffect(() => {
    storeLastGame({ identity: game.identity, name: game.name }, owner)
  }, [game.identity, game.name, owner])

  // Another game's page, or a sign-out during real play, shows no running game.
  const running = started?.identity === game.identity && (started.mode === 'demo' || signedIn) ? started : undefined

  useEffect(
    () => () => {
      void exitNativeFullscreen()
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined)
    },
    [],
  )

  const start = (mode: Mode) => {
    if (mode === 'real' && !signedIn) {
      void modals.open('sign-in')
      return
    }
    if (mode === 'demo' && !game.hasDemo) {
      void modals.open('demo-unavailable')
      return
    }
    setRefused(false)
    play.mutate(
      { id: game.identity, demoMode: mode === 'demo', locale: currentLocale(), platform: currentDevice().mobile ? 1 : 2 },
      {
        onSuccess: (launch) => {
          const url = safeGameUrl(launch.url)
          if (!url) {
            setRefused(true)
            haptic('error')
            return
          }
          recordPlayed(state.profileId, {
            id: game.id,
            identity: game.identity,
            name: game.name,
            provider: game.provider.identity,
            image: game.images['1x1']['1x'],
            playedAt: Date.now(),
          })
          if (signedIn) void queryClient.invalidateQueries({ queryKey: playedQueryOptions().queryKey })
          setRunning({ url, mode, identity: game.identity })
          if (firstMobileLaunch()) void modals.open('mobile-game')
        },
        onError: (error) => {
          haptic('error')
          if (error instanceof ApiError && error.status === 451) void modals.open('game-geo-restricted')
          else if (error instanceof ApiError && error.status === 409) void modals.open('game-limit-reached')
        },
      },
    )
  }

  const fullScreen = async () => {
    if (await requestNativeFullscreen()) return
    await stage.current?.requestFullscreen().catch(() => undefined)
  }

  const failed = play.isError && !(play.error instanceof ApiError && (play.error.status === 451 || play.error.status === 409))

  return (
    <div className="flex flex-col gap-4 px-4 py-4">
      <div className="flex items-start gap-4">
        <img
          src={game.images['1x1']['1x']}
          srcSet={`${game.images['1x1']['1x']} 1x, ${game.images['1x1']['2x']} 2x, ${game.images['1x1']['3x']} 3x`}
          alt=""
          width={96}
          height={96}
          className="size-24 shrink-0 rounded-2xl bg-section object-cover"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h1 className="text-xl font-bold text-fg">{game.name}</h1>
          <Link to="/games/$" params={{ _splat: `provider-${game.provider.identity}` }} className="text-sm text-accent underline-offset-2 hover:underline">
            {game.provider.name}
          </Link>
          <div className="mt-2 flex flex-wrap gap-2">
            <FavoriteButton game={game} variant="inline" />
            <ShareButton target={{ screen: 'game', id: game.identity }} name={game.name} />
          </div>
        </div>
      </div>

      {running ? (
        <div
          ref={stage}
          // On a phone the game fills the screen below the header, whose balance follows each spin.
          className="flex flex-col gap-2 bg-bg py-2 max-[527px]:fixed max-[527px]:inset-x-0 max-[527px]:top-[calc(3.5rem+env(safe-area-inset-top))] max-[527px]:bottom-0 max-[527px]:z-30 max-[527px]:pb-[env(safe-area-inset-bottom)]"
        >
          <div className="flex items-center justify-between gap-2 px-2">
            <p className="text-sm font-semibold text-hint">{running.mode === 'demo' ? t('Demo: virtual money') : t('Real money')}</p>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => void fullScreen()}>
                {t('Full screen')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  setRunning(undefined)
                }}
              >
                {t('Close game')}
              </Button>
            </div>
          </div>
          <iframe
            title={t('{name}, the game', { name: game.name })}
            src={running.url}
            sandbox={GAME_FRAME_SANDBOX}
            allow={GAME_FRAME_ALLOW}
            referrerPolicy="no-referrer"
            className="h-[min(640px,75dvh)] w-full flex-1 rounded-xl border-0 bg-section max-[527px]:h-auto max-[527px]:rounded-none"
          />
        </div>
      ) : (
        <div className="flex flex-col gap-3 rounded-2xl bg-surface p-4">
          <div className="grid grid-cols-2 gap-3">
            <Button onClick={() => { start('real') }} disabled={play.isPending}>
              {signedIn ? t('Play for real') : t('Sign in to play')}
            </Button>
            <Button variant="secondary" onClick={() => { start('demo') }} disabled={play.isPending}>
              {t('Play demo')}
            </Button>
          </div>
          <button type="button" onClick={() => void modals.open('demo-game')} className="self-start text-sm text-accent underline underline-offset-2">
            {t('What is demo mode?')}
          </button>
          {play.isPending ? (
            <p role="status" className="text-sm text-hint">
              {t('Starting the game…')}
            </p>
          ) : null}
          {refused ? (
            <p role="alert" className="text-sm text-destructive">
              {t('The game did not open: its address is not secure. Try again later or pick another game.')}
            </p>
          ) : null}
          {failed ? (
            <p role="alert" className="text-sm text-destructive">
              {t('The game did not start. Check your connection and try again.')}
            </p>
          ) : null}
        </div>
      )}

      {signedIn ? <BetEvents gameIdentity={game.identity} /> : null}
    </div>
  )
}

/** The page's shapes while the game loads. */
export function GamePageSkeleton() {
  return (
    <div className="flex flex-col gap-4 px-4 py-4" aria-busy="true">
      <p role="status" className="sr-only">
        {t('Loading the game')}
      </p>
      <div className="flex items-start gap-4" aria-hidden="true">
        <div className="skeleton size-24 rounded-2xl" />
        <div className="flex flex-1 flex-col gap-2">
          <div className="skeleton h-7 w-2/3 rounded-md" />
          <div className="skeleton h-4 w-1/3 rounded" />
          <div className="skeleton mt-2 h-11 w-40 rounded-xl" />
        </div>
      </div>
      <div className="skeleton h-32 rounded-2xl" aria-hidden="true" />
    </div>
  )
}
