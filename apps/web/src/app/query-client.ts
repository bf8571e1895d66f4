import { QueryClient } from '@tanstack/react-query';

/**
 * Query client: no retries (the API client already shows one error toast per failure) and no
 * refetch on window focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}
