import { QueryClient } from "@tanstack/react-query";
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
