import { focusManager, onlineManager, QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The spec allows no retries; every screen offers its own Retry instead.
        retry: false,
        // Catalogue data changes rarely; a minute avoids refetching on every remount of a short visit.
        staleTime: 60_000,
        // Coming back to the (often backgrounded) webview refreshes stale data; focus is page visibility.
        refetchOnWindowFocus: true,
        // A phone that regains its network refreshes stale data without the player asking.
        refetchOnReconnect: true,
      },
      mutations: {
        // Mutations move money and state; repeating one on failure could apply it twice.
        retry: false,
      },
    },
  })
}

/**
 * Drives TanStack Query's focus and online state from page visibility: a Telegram webview is
 * backgrounded and resumed often, and may miss `online`/`offline` events while hidden.
 * Called once at start-up: the managers are process-wide singletons.
 */
export function connectQueryLifecycle(target: Window = window): void {
  const { document, navigator } = target

  focusManager.setEventListener((setFocused) => {
    const onVisibilityChange = () => {
      setFocused(document.visibilityState === 'visible')
    }
    document.addEventListener('visibilitychange', onVisibilityChange)
    target.addEventListener('pageshow', onVisibilityChange)
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange)
      target.removeEventListener('pageshow', onVisibilityChange)
    }
  })

  onlineManager.setEventListener((setOnline) => {
    const onOnline = () => {
      setOnline(true)
    }
    const onOffline = () => {
      setOnline(false)
    }
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') setOnline(navigator.onLine)
    }
    target.addEventListener('online', onOnline)
    target.addEventListener('offline', onOffline)
    document.addEventListener('visibilitychange', onVisibilityChange)
    return () => {
      target.removeEventListener('online', onOnline)
      target.removeEventListener('offline', onOffline)
      document.removeEventListener('visibilitychange', onVisibilityChange)
    }
  })
}
