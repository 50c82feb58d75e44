import { useMutation, useQueryClient } from '@tanstack/react-query'

import { questsQueryOptions } from '@/features/quests/api/get-quests'
import { type Quest, withQuest } from '@/features/quests/states'
import { useActiveCurrency } from '@/lib/accounts'
import { apiRequest } from '@/lib/api-client'

type QuestAction = 'activate' | 'cancel'

/** `PUT /retention/quests/{id}/activate|cancel`: answers the quest as it now is. */
function changeQuest({ id, action }: { id: number; action: QuestAction }): Promise<Quest> {
  return apiRequest<Quest>(`/retention/quests/${String(id)}/${action}`, { method: 'PUT' })
}

/** The answer is written into the list (a cancelled quest leaves it); a refusal refetches the list. */
export function useChangeQuest() {
  const queryClient = useQueryClient()
  const currency = useActiveCurrency()
  return useMutation({
    mutationFn: changeQuest,
    onSuccess: (quest) => {
      queryClient.setQueryData(questsQueryOptions(currency).queryKey, (list) => withQuest(list, quest))
    },
    onError: () => queryClient.invalidateQueries({ queryKey: questsQueryOptions(currency).queryKey }),
  })
}
