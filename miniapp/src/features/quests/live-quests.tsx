import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

import { questsQueryOptions } from '@/features/quests/api/get-quests'
import { questStateLabel } from '@/features/quests/state-label'
import { isTaskDone, type Quest, questChange, questEvent, type Task, withQuest, withTask } from '@/features/quests/states'
import { useActiveCurrency } from '@/lib/accounts'
import { track } from '@/lib/analytics'
import { t } from '@/lib/i18n'
import { haptic } from '@/lib/native'
import { writePublication } from '@/lib/live-cache'
import { useChannel } from '@/lib/realtime'
import { useSession } from '@/lib/session'
import { showToast } from '@/lib/toasts'

const questsChannel = (profileId: number) => `retention:quests#${String(profileId)}`

export interface LiveQuestsProps {
  /** Opens the quests hub (the alerts' follow-up). */
  openHub: () => void
}

/**
 * Quests after login (spec section 4): the list loads, and `retention:quests#` keeps it live. A new
 * quest raises the quest-issued alert and a reload; another state change (but completion) the
 * state-changed alert; completion and expiry fire their analytics events; a task reaching its quantity
 * while active shows the success alert.
 */
export default function LiveQuests({ openHub }: LiveQuestsProps) {
  const queryClient = useQueryClient()
  const { state } = useSession()
  const profileId = state.status === 'loggedIn' ? state.profileId : undefined
  const currency = useActiveCurrency()
  const action = { label: t('See quests'), run: openHub }

  useEffect(() => {
    if (profileId === undefined || currency === undefined) return
    queryClient.query(questsQueryOptions(currency)).catch((error: unknown) => {
      console.error('[quests] after-login load failed', error)
    })
  }, [profileId, currency, queryClient])

  const onQuest = (quest: Quest) => {
    const key = questsQueryOptions(currency).queryKey
    const change = questChange(queryClient.getQueryData(key), quest)
    writePublication<Quest[]>(queryClient, key, (list) => withQuest(list, quest))
    const event = change === undefined ? undefined : questEvent(quest.state)
    if (event) track(event)
    if (change === 'issued') {
      showToast({ title: t('New quest: {name}', { name: quest.name }), tone: 'info', action })
      void queryClient.invalidateQueries({ queryKey: key })
    } else if (change === 'completed') {
      haptic('success')
      showToast({ title: t('Quest completed: {name}', { name: quest.name }), tone: 'success', action })
    } else if (change === 'stateChanged') {
      showToast({ title: t('{name}: {state}', { name: quest.name, state: questStateLabel(quest.state) }), tone: 'info', action })
    }
  }

  const onTask = (task: Task) => {
    const key = questsQueryOptions(currency).queryKey
    const before = queryClient.getQueryData(key)?.find((quest) => quest.id === task.questId)
    const was = before?.tasks.find((held) => held.id === task.id)
    writePublication<Quest[]>(queryClient, key, (list) => withTask(list, task))
    if (isTaskDone(task) && !(was && isTaskDone(was))) {
      haptic('success')
      showToast({ title: t('Task completed'), ...(before ? { description: before.name } : {}), tone: 'success', action })
    }
  }

  useChannel(
    profileId === undefined ? undefined : questsChannel(profileId),
    (data) => {
      const publication = data as { event?: string; quest?: Quest; task?: Task } | null
      if (publication?.quest) onQuest(publication.quest)
      else if (publication?.task) onTask(publication.task)
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: questsQueryOptions(currency).queryKey })
    },
  )
  return null
}
