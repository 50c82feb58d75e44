import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef } from 'react'

import { BONUS_LIST_REFRESH_DEBOUNCE_MS } from '@/config/constants'
import { bonusCodesQueryOptions, type PlayerBonusCode } from '@/features/bonuses/api/bonus-codes'
import { bonusesSumQueryOptions } from '@/features/bonuses/api/get-bonuses-sum'
import { allCashbackQueryKey, cashbackQueryOptions } from '@/features/bonuses/api/get-cashback'
import { depositBonusesQueryOptions } from '@/features/bonuses/api/get-deposit-bonuses'
import { freeSpinGameQueryOptions } from '@/features/bonuses/api/get-free-spin-game'
import { allBonusesQueryKey, type PlayerBonus, playerBonusesQueryOptions } from '@/features/bonuses/api/get-player-bonuses'
import { type PlayerFreespin, playerFreespinsQueryOptions } from '@/features/bonuses/api/get-player-freespins'
import { heldStatus, rewardStatuses, withUpdate } from '@/features/bonuses/statuses'
import { useActiveCurrency } from '@/lib/accounts'
import { debounce } from '@/lib/debounce'
import { splitLocale, t } from '@/lib/i18n'
import { haptic } from '@/lib/native'
import { writePublication } from '@/lib/live-cache'
import { useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'
import { type Constants, constantsQueryOptions } from '@/lib/settings'
import { showToast } from '@/lib/toasts'

const bonusesChannel = (profileId: number) => `bonus:player-bonuses#${String(profileId)}`
const freespinsChannel = (profileId: number) => `bonus:player-freespins#${String(profileId)}`
const bonusCodesChannel = (profileId: number) => `bonus:player-bonus-codes#${String(profileId)}`

/** Whether a path is the bonuses page (`/bonuses` or the profile's `profile-bonuses`), with or without a locale. */
function isBonusesPage(pathname: string): boolean {
  const { path } = splitLocale(pathname)
  return path === '/bonuses' || path === '/profile/bonuses'
}

export interface LiveBonusesProps {
  /** Goes to an in-app path (the app owns the router). */
  navigate: (path: string) => void
}

/**
 * The bonuses' after-login work (spec section 4): loads bonuses, free spins and deposit bonuses unless
 * the bonuses page is on screen (it loads them itself), and cashback; keeps them live from
 * `bonus:player-bonuses#`, `bonus:player-freespins#` and `bonus:player-bonus-codes#`. A pushed item is
 * written into its list at once (the wagering bar moves with each spin; a finished item leaves the list);
 * the sum and the offers a change can affect refresh once a burst is over (500 ms debounce). A new bonus
 * raises an alert; new free spins raise one that links to their game, without the link when the game
 * does not answer.
 */
export default function LiveBonuses({ navigate }: LiveBonusesProps) {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const profileId = state.status === 'loggedIn' ? state.profileId : undefined
  const currency = useActiveCurrency()
  const go = useRef(navigate)
  useEffect(() => {
    go.current = navigate
  })
  const refresh = useMemo(
    () =>
      debounce(() => {
        void refreshDerived(queryClient)
      }, BONUS_LIST_REFRESH_DEBOUNCE_MS),
    [queryClient],
  )
  useEffect(() => refresh.cancel, [refresh])

  useEffect(() => {
    if (profileId === undefined) return
    const initial = isBonusesPage(window.location.pathname)
      ? []
      : [playerBonusesQueryOptions(), playerFreespinsQueryOptions(), depositBonusesQueryOptions()]
    for (const options of initial)
      queryClient.query(options as never).catch((error: unknown) => {
        console.error('[bonuses] after-login load failed', error)
      })
  }, [profileId, queryClient])

  // Cashback is priced in the active currency: it loads once that is known.
  useEffect(() => {
    if (profileId === undefined || currency === undefined) return
    queryClient.query(cashbackQueryOptions(currency)).catch((error: unknown) => {
      console.error('[bonuses] after-login load failed', error)
    })
  }, [profileId, currency, queryClient])

  const resync = () => {
    void queryClient.invalidateQueries({ queryKey: allBonusesQueryKey })
  }
  /** Runs `apply` with the platform's numbering of the statuses; without it, the lists reload whole instead. */
  const withConstants = (apply: (constants: Constants) => void) => {
    queryClient.query(constantsQueryOptions()).then(apply, (error: unknown) => {
      console.error('[bonuses] constants failed', error)
      resync()
    })
  }

  const onBonus = (data: unknown) => {
    const bonus = (data as { playerBonus?: PlayerBonus } | null)?.playerBonus
    if (bonus) withConstants((constants) => {
      applyBonus(bonus, constants)
    })
  }
  const applyBonus = (bonus: PlayerBonus, constants: Constants) => {
    const list = queryClient.getQueryData(playerBonusesQueryOptions().queryKey)
    const isNew = !list?.some((held) => held.id === bonus.id)
    writePublication<PlayerBonus[]>(queryClient, playerBonusesQueryOptions().queryKey, (previous) => withUpdate(previous, bonus, rewardStatuses('bonus', constants)))
    if (isNew && heldStatus('bonus', bonus.status, constants) === 'issued') {
      haptic('success')
      showToast({
        title: t('New bonus: {name}', { name: bonus.name }),
        tone: 'success',
        action: {
          label: t('See bonuses'),
          run: () => {
            go.current('/bonuses')
          },
        },
      })
    }
    refresh()
  }

  const onFreespin = (data: unknown) => {
    const bundle = (data as { playerFreespin?: PlayerFreespin } | null)?.playerFreespin
    if (bundle) withConstants((constants) => {
      applyFreespin(bundle, constants)
    })
  }
  const applyFreespin = (bundle: PlayerFreespin, constants: Constants) => {
    const list = queryClient.getQueryData(playerFreespinsQueryOptions().queryKey)
    const isNew = !list?.some((held) => held.id === bundle.id)
    writePublication<PlayerFreespin[]>(queryClient, playerFreespinsQueryOptions().queryKey, (previous) => withUpdate(previous, bundle, rewardStatuses('freespin', constants)))
    if (isNew && heldStatus('freespin', bundle.status, constants) === 'issued')
      void alertFreeSpins(queryClient, bundle, (path) => {
        go.current(path)
      })
    refresh()
  }

  const onCode = (data: unknown) => {
    const event = data as { event?: string; playerBonusCode?: PlayerBonusCode } | null
    if (!event?.playerBonusCode) return
    void queryClient.invalidateQueries({ queryKey: bonusCodesQueryOptions().queryKey })
  }

  useChannel(profileId === undefined ? undefined : bonusesChannel(profileId), onBonus, resync)
  useChannel(profileId === undefined ? undefined : freespinsChannel(profileId), onFreespin, resync)
  useChannel(profileId === undefined ? undefined : bonusCodesChannel(profileId), onCode)
  return null
}

/** What a bonus change can move besides its own card: the total, and the offers a used deposit bonus leaves. */
function refreshDerived(queryClient: QueryClient) {
  return Promise.all([
    ...[bonusesSumQueryOptions(), depositBonusesQueryOptions()].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey, exact: true })),
    queryClient.invalidateQueries({ queryKey: allCashbackQueryKey }),
  ])
}

/** "{count} free spins on {game}" with a Play link; only the count when the game lookup fails (spec section 4). */
async function alertFreeSpins(queryClient: QueryClient, bundle: PlayerFreespin, navigate: (path: string) => void) {
  haptic('success')
  try {
    const game = await queryClient.query(freeSpinGameQueryOptions(bundle.gameId))
    showToast({
      title: t('{count} free spins on {game}', { count: bundle.count, game: game.name }),
      tone: 'success',
      action: {
        label: t('Play'),
        run: () => {
          navigate(`/game/${encodeURIComponent(game.identity)}`)
        },
      },
    })
  } catch {
    showToast({ title: t('{count} free spins are yours', { count: bundle.count }), tone: 'success' })
  }
}
