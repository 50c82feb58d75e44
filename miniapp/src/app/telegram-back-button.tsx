import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'

import { setNativeBackButton } from '@/lib/native'

/** In Telegram, the host's back button replaces an in-page back arrow: shown while the router can go back. */
export function TelegramBackButton() {
  const router = useRouter()
  const canGoBack = useRouterState({ select: (state) => state.location.state.__TSR_index > 0 })
  useEffect(() => {
    setNativeBackButton(
      canGoBack
        ? () => {
            router.history.back()
          }
        : undefined,
    )
  }, [canGoBack, router])
  useEffect(
    () => () => {
      setNativeBackButton(undefined)
    },
    [],
  )
  return null
}
