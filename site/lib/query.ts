import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api';

/** §7: the default fetch is a GET to the first element of the query key, parsed as JSON. */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => api.get(String(queryKey[0]), { signal });

/** §9: no refetch interval, no refetch on focus, data never stale, no retries. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The user query's own options (§9): fresh for 5 s, retried once, refetched on focus, mount and reconnect. */
export const userQueryOptions = {
  staleTime: 5000,
  retry: 1,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
  refetchOnReconnect: true,
} as const;

let shared: QueryClient | undefined;
/** One client per page, shared by every island on it. */
export function getQueryClient() {
  shared ??= createQueryClient();
  return shared;
}
