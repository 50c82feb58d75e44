import { useMutation, useQueryClient } from '@tanstack/react-query'

import { type TelegramSwitches, telegramNotificationsQueryOptions } from '@/features/profile/api/get-telegram-notifications'
import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type TelegramSwitchesChange = Schemas['TelegramSwitchesChange']

function updateTelegramNotifications(change: TelegramSwitchesChange): Promise<TelegramSwitches> {
  return apiRequest<TelegramSwitches>('/player/telegram-notifications', { method: 'PUT', body: change })
}

/** The switch moves at once; a refusal puts the switches back as they were, and the answer replaces them. */
export function useUpdateTelegramNotifications() {
  const queryClient = useQueryClient()
  const { queryKey } = telegramNotificationsQueryOptions()
  return useMutation({
    mutationFn: updateTelegramNotifications,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey })
      const previous = queryClient.getQueryData(queryKey)
      if (previous) {
        queryClient.setQueryData(queryKey, {
          ...previous,
          all: change.all ?? previous.all,
          kinds: { ...previous.kinds, ...change.kinds },
        })
      }
      return { previous }
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous)
    },
    onSuccess: (switches) => {
      queryClient.setQueryData(queryKey, switches)
    },
  })
}
