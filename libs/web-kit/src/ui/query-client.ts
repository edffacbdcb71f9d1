import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

/** Server state defaults: no retries on answers that will not change (4xx), a short stale time. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
