/**
 * The one query-key factory for admin lists. A key's first element is the request URL, so the app's
 * default query function (site/lib/query.ts) fetches it through the one fetch wrapper (site/lib/api.ts).
 *
 *   adminListKeys.page('/api/admin/users', params)  → ['/api/admin/users?q=…&limit=50&offset=0']
 *   invalidateAdminList(client, '/api/admin/users') → every page, search and filter of that list
 */
import type { QueryClient } from '@tanstack/react-query';

export const adminListKeys = {
  page: (endpoint: string, params: URLSearchParams) => {
    const qs = params.toString();
    return [qs ? `${endpoint}?${qs}` : endpoint] as const;
  },
  /** Whether a query key belongs to the list at `endpoint` (any query), not to its export or a sibling path. */
  isOf: (endpoint: string, key: readonly unknown[]) => {
    const url = String(key[0] ?? '');
    return url === endpoint || url.startsWith(`${endpoint}?`);
  },
};

export function invalidateAdminList(client: QueryClient, endpoint: string) {
  return client.invalidateQueries({ predicate: (q) => adminListKeys.isOf(endpoint, q.queryKey) });
}
