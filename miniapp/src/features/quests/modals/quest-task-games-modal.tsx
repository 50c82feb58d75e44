import { Link } from '@tanstack/react-router'

import { buttonClassName } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useQuestGame } from '@/features/quests/api/get-quest-game'
import { QuestGone, useQuestsOrState } from '@/features/quests/components/quest-states'
import { TASK_GAME_SPINS } from '@/features/quests/states'
import { t } from '@/lib/i18n'
import { type ModalProps, useModals } from '@/lib/modals'

/**
 * `?quest-task-games={questId}-{taskId}`: the games that progress a task. A task on one game names it;
 * the others count real-money play on every game, so the lobby is where to go.
 */
export default function QuestTaskGamesModal({ value, zIndex }: ModalProps) {
  const modals = useModals()
  const found = useQuestsOrState()
  const [questId, taskId] = String(value).split('-').map(Number)
  const task =
    found.status === 'ready'
      ? found.quests.find((quest) => quest.id === questId)?.tasks.find((candidate) => candidate.id === taskId)
      : undefined
  const gameId = task?.type === TASK_GAME_SPINS ? task.gameId : undefined
  const game = useQuestGame(gameId)
  const close = () => void modals.close('quest-task-games')
  let body = found.status === 'other' ? found.body : <QuestGone />
  if (task)
    body =
      gameId == null ? (
        <div className="flex flex-col gap-3 text-sm">
          <p>{t('Real-money play on every game counts for this task.')}</p>
          <Link to="/games" className={buttonClassName('primary')} onClick={close}>
            {t('Browse games')}
          </Link>
        </div>
      ) : game.data ? (
        <ul className="flex flex-col gap-2">
          <li>
            <Link to="/game/$id" params={{ id: game.data.identity }} className={buttonClassName('primary', 'w-full')}>
              {t('Play {game}', { game: game.data.name })}
            </Link>
          </li>
        </ul>
      ) : game.isError ? (
        <p className="text-sm">{t('The game of this task is not available right now.')}</p>
      ) : (
        <div aria-hidden="true" className="skeleton h-12 rounded-xl" />
      )
  return (
    <Dialog title={t('Games for this task')} zIndex={zIndex} onClose={close}>
      {body}
    </Dialog>
  )
}
