import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { ProgressBar } from '@/components/ui/progress-bar'
import { QuestGone, useQuestsOrState } from '@/features/quests/components/quest-states'
import { TASK_DEPOSITS, TASK_GAME_SPINS, TASK_SPINS, TASK_WAGER, TASK_WINS, type Task, taskPercent } from '@/features/quests/states'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'
import { formatIn } from '@/lib/money-in'
import { useCurrencies } from '@/lib/settings'

function taskLabel(task: Task, baseMoney: (amount: number) => string): string {
  const labels: Record<number, string> = {
    [TASK_SPINS]: t('Make {count} spins', { count: task.quantity }),
    [TASK_WAGER]: t('Wager {amount} in total', { amount: baseMoney(task.quantity) }),
    [TASK_WINS]: t('Win {count} spins', { count: task.quantity }),
    [TASK_GAME_SPINS]: t('Make {count} spins on one game', { count: task.quantity }),
    [TASK_DEPOSITS]: t('Make {count} deposits', { count: task.quantity }),
  }
  return labels[task.type] ?? t('Task')
}

/** `?quest-tasks={questId}`: a quest's tasks in order, each with its progress bar; the active one links to its games. */
export default function QuestTasksModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const found = useQuestsOrState()
  const currencies = useCurrencies()
  const base = currencies.data?.find((currency) => currency.isBase)
  // Wager tasks count minor units of the base currency.
  const baseMoney = (amount: number) => (base ? (formatIn(amount, base.code, currencies.data) ?? String(amount)) : String(amount))
  const quest = found.status === 'ready' ? found.quests.find((candidate) => String(candidate.id) === String(value)) : undefined
  let body = found.status === 'other' ? found.body : <QuestGone />
  if (quest)
    body = (
      <ol className="flex flex-col gap-3">
        {quest.tasks.map((task, index) => (
          <li key={task.id} className="flex flex-col gap-2 rounded-2xl bg-section p-4 text-sm">
            <span className="flex items-center gap-2">
              <span className="font-semibold">{t('Step {number}', { number: index + 1 })}</span>
              <span className="text-xs text-hint">{task.isCompleted ? t('Done') : task.isActive ? t('In progress') : t('Waiting')}</span>
            </span>
            <span>{taskLabel(task, baseMoney)}</span>
            <ProgressBar label={taskLabel(task, baseMoney)} percent={taskPercent(task)} />
            <span className="text-xs text-hint tabular-nums">
              {t('{progress} of {quantity}', { progress: Math.min(task.progress, task.quantity), quantity: task.quantity })}
            </span>
            {task.type !== TASK_DEPOSITS ? (
              <Button variant="secondary" onClick={() => void modals.open('quest-task-games', `${String(quest.id)}-${String(task.id)}`)}>
                {t('Games for this task')}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
    )
  return (
    <Dialog title={quest ? quest.name : t('Quest tasks')} zIndex={zIndex} onClose={() => void modals.close('quest-tasks')}>
      {body}
    </Dialog>
  )
}
