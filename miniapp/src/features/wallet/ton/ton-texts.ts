import { t } from '@/lib/i18n'

import type { TonFailure } from './connector'

/** What the player reads when a wallet did not connect or did not send; each says the deposit is still open. */
export function tonFailureMessage(failure: TonFailure): string {
  switch (failure) {
    case 'rejected':
      return t('You declined in your wallet. The deposit is still waiting: pay it when you are ready.')
    case 'unreachable':
      return t('Your wallet could not be reached. Try again, or pay to the address below.')
    case 'timeout':
      return t('Your wallet did not answer in time. Try again, or pay to the address below.')
  }
}
