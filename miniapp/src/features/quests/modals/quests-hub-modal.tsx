import { Dialog } from '@/components/ui/dialog'
import { StateMessage } from '@/components/ui/state-message'
import { QuestCard } from '@/features/quests/components/quest-card'
import { useQuestsOrState } from '@/features/quests/components/quest-states'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'

/** `?quests-hub`: the player's issued and active quests, each with its progress and actions. */
export default function QuestsHubModal({ zIndex }: ModalProps) {
  const modals = useModals()
  const found = useQuestsOrState()
  let body = found.status === 'other' ? found.body : null
  if (found.status === 'ready')
    body =
      found.quests.length === 0 ? (
        <StateMessage
          title={t('No quests right now')}
          description={t('New quests show here as soon as they start. Play on to be ready.')}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {found.quests.map((quest) => (
            <QuestCard key={quest.id} quest={quest} />
          ))}
        </ul>
      )
  return (
    <Dialog
      title={t('Quests')}
      description={t('Complete the tasks in order before time runs out to win the rewards.')}
      zIndex={zIndex}
      onClose={() => void modals.close('quests-hub')}
      variant="sheet"
    >
      {body}
    </Dialog>
  )
}
