import { describe, expect, it } from 'vitest'

import {
  isTaskDone,
  type Quest,
  QUEST_ACTIVE,
  QUEST_CANCELLED,
  QUEST_COMPLETED,
  QUEST_EXPIRED,
  QUEST_ISSUED,
  questChange,
  questEvent,
  type Task,
  taskPercent,
  withQuest,
  withTask,
} from '@/features/quests/states'

const task = (over: Partial<Task> = {}): Task => ({
  id: 10,
  questId: 1,
  type: 1,
  isActive: true,
  isCompleted: false,
  progress: 0,
  quantity: 10,
  ...over,
})
const quest = (id: number, state: number, tasks: Task[] = [task({ questId: id })]): Quest => ({
  id,
  name: `Quest ${String(id)}`,
  description: '',
  state,
  durationHours: 24,
  reward: { points: 10 },
  tasks,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
})

describe('quest state changes', () => {
  it('a quest not held in state 1 or 2 is issued; one in another state is nothing', () => {
    expect(questChange([], quest(1, QUEST_ISSUED))).toBe('issued')
    expect(questChange([], quest(1, QUEST_ACTIVE))).toBe('issued')
    expect(questChange([], quest(1, QUEST_EXPIRED))).toBeUndefined()
  })

  it('a held quest changing state is completed at 3 and a state change otherwise', () => {
    expect(questChange([quest(1, QUEST_ACTIVE)], quest(1, QUEST_COMPLETED))).toBe('completed')
    expect(questChange([quest(1, QUEST_ISSUED)], quest(1, QUEST_ACTIVE))).toBe('stateChanged')
    expect(questChange([quest(1, QUEST_ACTIVE)], quest(1, QUEST_EXPIRED))).toBe('stateChanged')
    expect(questChange([quest(1, QUEST_ACTIVE)], quest(1, QUEST_ACTIVE))).toBeUndefined()
  })

  it('completion and expiry fire their analytics events', () => {
    expect(questEvent(QUEST_COMPLETED)).toBe('completed-quests')
    expect(questEvent(QUEST_EXPIRED)).toBe('expired-quests')
    expect(questEvent(QUEST_CANCELLED)).toBe('expired-quests')
    expect(questEvent(QUEST_ACTIVE)).toBeUndefined()
  })

  it('the list keeps states 1 and 2 only (the quest state filter)', () => {
    const list = [quest(1, QUEST_ACTIVE), quest(2, QUEST_ISSUED)]
    expect(withQuest(list, quest(1, QUEST_COMPLETED))?.map((held) => held.id)).toEqual([2])
    expect(withQuest(list, quest(3, QUEST_ISSUED))?.map((held) => held.id)).toEqual([3, 1, 2])
    expect(withQuest(undefined, quest(3, QUEST_ISSUED))).toBeUndefined()
  })

  it('a pushed task lands in its quest; done is active with progress at quantity', () => {
    const list = [quest(1, QUEST_ACTIVE)]
    const done = task({ progress: 10 })
    expect(withTask(list, done)?.[0]?.tasks[0]?.progress).toBe(10)
    expect(isTaskDone(done)).toBe(true)
    expect(isTaskDone(task({ progress: 9 }))).toBe(false)
    expect(isTaskDone(task({ progress: 10, isActive: false }))).toBe(false)
    expect(isTaskDone(task({ progress: 10, isActive: false, isCompleted: true }))).toBe(true)
    expect(taskPercent(task({ progress: 3 }))).toBe(30)
    expect(taskPercent(task({ progress: 30 }))).toBe(100)
  })
})
