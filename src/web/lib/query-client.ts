import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ERROR_CODES } from '#shared/errors.ts';
import { hasErrorCode, isApiError, isServerFault } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * One QueryClient for the app. A 401 from any call means the session ended on the server (expired,
 * signed out elsewhere): re-check the session so the header and guards follow. The session query itself
 * maps 401 to "signed out" and never lands here.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    // Only when someone was thought to be signed in: a wrong password on the sign-in form is a 401 too.
    if (hasErrorCode(error, ERROR_CODES.unauthenticated) && client.getQueryData(queryKeys.session)) {
      void client.invalidateQueries({ queryKey: queryKeys.session, exact: true });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Answers about the request itself (4xx) will not change on a retry; network and server errors might.
        retry: (failureCount, error) => {
          if (isApiError(error) && !isServerFault(error)) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
  return client;
}
