import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { StateMessage } from '@/components/ui/state-message'
import { useQuests } from '@/features/quests/api/get-quests'
import type { Quest } from '@/features/quests/states'
import { useActiveCurrency } from '@/lib/accounts'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { useSession } from '@/lib/session'

type Found = { status: 'ready'; quests: Quest[] } | { status: 'other'; body: React.ReactNode }

/** The quests for a modal: ready, or the body to show instead (sign in, loading, failure). */
export function useQuestsOrState(): Found {
  const { state } = useSession()
  const modals = useModals()
  const signedIn = state.status === 'loggedIn'
  const quests = useQuests(useActiveCurrency(), signedIn)
  if (!signedIn)
    return {
      status: 'other',
      body: (
        <StateMessage
          title={t('Sign in to take on quests')}
          description={t('Quests reward your play with points and bonuses.')}
          action={<Button onClick={() => void modals.open('sign-in')}>{t('Sign in')}</Button>}
        />
      ),
    }
  if (quests.isError)
    return {
      status: 'other',
      body: <LoadError title={t('Your quests did not load')} onRetry={() => void quests.refetch()} />,
    }
  if (!quests.data)
    return {
      status: 'other',
      body: (
        <div aria-busy="true" className="flex flex-col gap-3">
          <div aria-hidden="true" className="skeleton h-32 rounded-2xl" />
          <div aria-hidden="true" className="skeleton h-32 rounded-2xl" />
        </div>
      ),
    }
  return { status: 'ready', quests: quests.data }
}

export function QuestGone() {
  return (
    <StateMessage
      title={t('This quest is no longer running')}
      description={t('It may have been completed, given up or expired. See your quests.')}
    />
  )
}
