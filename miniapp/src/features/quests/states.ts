import { QUEST_STATE_FILTER } from '@/config/constants'
import type { Schemas } from '@/lib/api-types'

export type Quest = Schemas['Quest']
export type Task = Schemas['Task']

/** Spec section 4, "Quest state": 1 and 2 active or issued, 3 completed, 5 and 6 expired. */
export const QUEST_ISSUED = 1
export const QUEST_ACTIVE = 2
export const QUEST_COMPLETED = 3
export const QUEST_EXPIRED = 5
export const QUEST_CANCELLED = 6

/** Task types of the platform: what a task counts. */
export const TASK_SPINS = 1
export const TASK_WAGER = 2
export const TASK_WINS = 3
export const TASK_GAME_SPINS = 4
export const TASK_DEPOSITS = 5

function isHeldQuest(quest: { state: number }): boolean {
  return QUEST_STATE_FILTER.includes(quest.state)
}

/** What a pushed quest means to the player (spec section 4). */
export type QuestChange = 'issued' | 'stateChanged' | 'completed' | undefined

/**
 * A new quest in state 1 or 2 not yet held is "issued" (an alert and a reload); a state change to
 * anything but 3 is "stateChanged"; 3 is "completed". A push that changes no state is nothing to tell.
 */
export function questChange(held: readonly Quest[] | undefined, quest: Quest): QuestChange {
  const before = held?.find((candidate) => candidate.id === quest.id)
  if (!before) return isHeldQuest(quest) ? 'issued' : undefined
  if (before.state === quest.state) return undefined
  return quest.state === QUEST_COMPLETED ? 'completed' : 'stateChanged'
}

/** The analytics event of a quest's new state: completion and expiry (5 and 6) have one. */
export function questEvent(state: number): 'completed-quests' | 'expired-quests' | undefined {
  if (state === QUEST_COMPLETED) return 'completed-quests'
  if (state === QUEST_EXPIRED || state === QUEST_CANCELLED) return 'expired-quests'
  return undefined
}

/**
 * Spec section 4: a task that is active and whose progress reached its quantity shows a success alert.
 * The platform publishes the finished task already completed (its successor is then the active one),
 * so a completed task at its quantity counts as well.
 */
export function isTaskDone(task: Task): boolean {
  return (task.isActive || task.isCompleted) && task.progress >= task.quantity
}

/** The quests list after a pushed quest: replaced, added first, or dropped once it leaves states 1 and 2. */
export function withQuest(list: readonly Quest[] | undefined, quest: Quest): Quest[] | undefined {
  if (!list) return undefined
  const rest = list.filter((held) => held.id !== quest.id)
  if (!isHeldQuest(quest)) return rest
  return list.some((held) => held.id === quest.id) ? list.map((held) => (held.id === quest.id ? quest : held)) : [quest, ...rest]
}

/** The quests list after a pushed task: the task replaced inside its quest. */
export function withTask(list: readonly Quest[] | undefined, task: Task): Quest[] | undefined {
  if (!list) return undefined
  return list.map((quest) =>
    quest.id === task.questId ? { ...quest, tasks: quest.tasks.map((held) => (held.id === task.id ? task : held)) } : quest,
  )
}

/** A task's progress in whole percent, rounded down. */
export function taskPercent(task: Task): number {
  if (task.quantity <= 0) return 100
  return Math.min(100, Math.floor((task.progress * 100) / task.quantity))
}
