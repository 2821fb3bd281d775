/**
 * How the server-rendered community pages read their data, like the property catalogue (modules/properties/catalogue.ts):
 * communityRoutes() registers the service bound to the server's database here, on globalThis, so the built
 * pages call it in process; under `astro dev` (API in another process) they read the same JSON over HTTP.
 * Server-only.
 */
import type { CategoryJson, ThreadDetailJson, ThreadsListQuery, ThreadSummaryJson } from './contract';
import type { ListResult } from '../platform/list';

export type CommunityReader = {
  categories: () => Promise<CategoryJson[]>;
  threads: (q: ThreadsListQuery) => Promise<ListResult<ThreadSummaryJson>>;
  /** Null when there is no such (visible) thread. */
  thread: (id: string, page: { limit: number; offset: number }) => Promise<ThreadDetailJson | null>;
};

const KEY = Symbol.for('manzil.community.reader');
const registry = ((globalThis as Record<symbol, unknown>)[KEY] ??= {}) as { reader?: CommunityReader };

export function provideCommunityReader(reader: CommunityReader): void {
  registry.reader = reader;
}

function overHttp(): CommunityReader {
  const base = process.env.CATALOGUE_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 4322}`;
  const get = async <T>(path: string): Promise<T | null> => {
    const res = await fetch(base + path, { headers: { accept: 'application/json' } });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`community: GET ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const qs = (o: Record<string, unknown>) => new URLSearchParams(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '').map(([k, v]) => [k, String(v)])).toString();
  return {
    categories: async () => (await get<{ items: CategoryJson[] }>('/api/community/categories'))?.items ?? [],
    threads: async (q) => (await get<ListResult<ThreadSummaryJson>>(`/api/community/threads?${qs(q)}`)) ?? { items: [], total: 0 },
    thread: (id, page) => get<ThreadDetailJson>(`/api/community/threads/${encodeURIComponent(id)}?${qs(page)}`),
  };
}

export function communityReader(): CommunityReader {
  return registry.reader ?? overHttp();
}
