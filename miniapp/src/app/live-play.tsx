import { LiveWinners } from '@/features/games/live-winners'
import { LivePlayHistory } from '@/features/wallet/live-play-history'

/** `game:spins#` and `game:bets#` for the signed-in player: the histories and the latest wins stay live. */
export default function LivePlay() {
  return (
    <>
      <LivePlayHistory />
      <LiveWinners />
    </>
  )
}
