import { useMutation } from '@tanstack/react-query'

import { apiRequest } from '@/lib/api-client'
import type { Schemas } from '@/lib/api-types'

type PasswordChange = Schemas['PasswordChange']

/** `PUT /player/passwords`: 422 with `currentPassword` when it is wrong, `newPassword` when too short. */
function changePassword(change: PasswordChange): Promise<void> {
  return apiRequest<undefined>('/player/passwords', { method: 'PUT', body: change })
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
