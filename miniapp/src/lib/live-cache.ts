import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * Writes a real-time publication into a cached query. A fetch of that query already on its way
 * started before the change and would answer older data after it, overwriting the push; so when one
 * is in flight it is replaced by a new fetch (the platform publishes after it commits, so that fetch
 * sees the change).
 */
export function writePublication<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (previous: T | undefined) => T | undefined,
): void {
  const inFlight = queryClient.isFetching({ queryKey, exact: true }) > 0
  queryClient.setQueryData<T>(queryKey, update)
  if (inFlight) void queryClient.refetchQueries({ queryKey, exact: true }, { cancelRefetch: true })
}

/**
 * Invalidates a cached query after a change this client made (the push's counterpart above). A fetch
 * already on its way started before the change: landing after an invalidation it would mark the older
 * data fresh again, and while it is the query's first fetch a refetch joins it instead of replacing it.
 * So the invalidation waits for that fetch to land.
 */
export async function invalidateAfterInFlight(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient
    .getQueryCache()
    .find({ queryKey, exact: true })
    ?.promise?.catch(() => undefined)
  await queryClient.invalidateQueries({ queryKey })
}
