import { Button } from '@/components/ui/button'
import { ProgressBar } from '@/components/ui/progress-bar'
import { TimeLeft } from '@/components/ui/time-left'
import { useChangeQuest } from '@/features/quests/api/change-quest'
import { questStateLabel } from '@/features/quests/state-label'
import { QUEST_ACTIVE, QUEST_ISSUED, type Quest, taskPercent } from '@/features/quests/states'
import { failureMessage } from '@/lib/forms'
import { t } from '@/lib/i18n'
import { useModals } from '@/lib/modals'
import { haptic } from '@/lib/native'
import { showToast } from '@/lib/toasts'

/** One quest: its state, the countdown once active, overall task progress, and its actions. */
export function QuestCard({ quest }: { quest: Quest }) {
  const modals = useModals()
  const change = useChangeQuest()
  const done = quest.tasks.filter((task) => task.isCompleted).length
  const active = quest.tasks.find((task) => task.isActive)
  const act = (action: 'activate' | 'cancel') => {
    change.mutate(
      { id: quest.id, action },
      {
        onSuccess: () => {
          haptic('success')
        },
        onError: (error) => {
          haptic('error')
          showToast({ title: failureMessage(error), tone: 'error' })
        },
      },
    )
  }
  return (
    <li className="flex flex-col gap-3 rounded-2xl bg-section p-4 text-sm" data-testid={`quest-${String(quest.id)}`}>
      <div className="flex items-start gap-3">
        <div className="flex flex-1 flex-col gap-1">
          <h3 className="font-semibold text-fg">{quest.name}</h3>
          <p className="text-hint">{quest.description}</p>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${quest.state === QUEST_ACTIVE ? 'bg-button text-button-fg' : 'bg-surface text-fg'}`}
        >
          {questStateLabel(quest.state)}
        </span>
      </div>
      {quest.state === QUEST_ACTIVE ? (
        <TimeLeft at={quest.expiresAt} />
      ) : (
        <span className="text-xs text-hint">{t('{hours} hours once started', { hours: quest.durationHours })}</span>
      )}
      <div className="flex flex-col gap-1">
        <ProgressBar
          label={t('Tasks done of {name}', { name: quest.name })}
          percent={quest.tasks.length === 0 ? 0 : Math.floor((done * 100) / quest.tasks.length)}
        />
        <span className="text-xs text-hint tabular-nums">
          {t('{done} of {count} tasks done', { done, count: quest.tasks.length })}
          {active && quest.state === QUEST_ACTIVE ? ` · ${t('current task {percent}%', { percent: taskPercent(active) })}` : ''}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        {quest.state === QUEST_ISSUED ? (
          <Button
            disabled={change.isPending}
            onClick={() => {
              act('activate')
            }}
          >
            {t('Start quest')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => void modals.open('quest-tasks', String(quest.id))}>
          {t('Tasks')}
        </Button>
        <Button variant="secondary" onClick={() => void modals.open('quest-rewards', String(quest.id))}>
          {t('Rewards')}
        </Button>
        <Button
          variant="secondary"
          disabled={change.isPending}
          onClick={() => {
            act('cancel')
          }}
        >
          {t('Give up')}
        </Button>
      </div>
    </li>
  )
}
