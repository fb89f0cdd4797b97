import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import { isApiError } from "@/lib/api-error";

/** The app's QueryClient defaults: client errors (4xx) are final, other failures retry twice. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/**
 * A cache's worth of answers a server component already read, for the
 * browser's cache (pass to <HydrationBoundary state>): the page's HTML then
 * carries its data, and the hooks asking for these keys render with it at
 * once, on the server and in the browser alike.
 */
export function seededQueries(answers: ReadonlyArray<readonly [QueryKey, unknown]>): DehydratedState {
  const client = new QueryClient();
  for (const [key, data] of answers) client.setQueryData(key, data);
  return dehydrate(client);
}
