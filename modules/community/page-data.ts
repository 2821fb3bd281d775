/**
 * What a /community/... page shows, read on the server (./reader.ts): the categories with their
 * real counts, and either a page of threads (all, or one category, optionally searched) or one thread with a
 * page of its replies. Paths: /community, /community/discussions (all), /community/{category},
 * /community/thread/{id}. Unknown paths fall back to the list with a notice; a missing thread is a 404.
 */
import { categoryBySlug, REPLIES_PAGE, resolveCommunityPath, type CategoryJson, type CommunityCategory, type ThreadDetailJson, type ThreadSummaryJson } from './contract';
import { communityReader } from './reader';

export const THREADS_PAGE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CommunityView =
  | { kind: 'list'; categories: CategoryJson[]; category: CommunityCategory | null; unknown: boolean; q: string; page: number; pages: number; total: number; threads: ThreadSummaryJson[] }
  | { kind: 'thread'; categories: CategoryJson[]; category: CommunityCategory | null; thread: ThreadDetailJson; page: number; pages: number }
  | { kind: 'missing' };

const pageOf = (params: URLSearchParams) => {
  const n = Number(params.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

export async function loadCommunity(rawPath: string, params: URLSearchParams): Promise<CommunityView> {
  const parts = rawPath.toLowerCase().slice(0, 300).split('/').filter(Boolean);
  const reader = communityReader();
  const categories = await reader.categories();
  const page = pageOf(params);
  if (parts[0] === 'thread') {
    if (parts.length < 2 || parts.length > 3 || !UUID.test(parts[1]!)) return { kind: 'missing' };
    const thread = await reader.thread(parts[1]!, { limit: REPLIES_PAGE, offset: (page - 1) * REPLIES_PAGE });
    if (!thread) return { kind: 'missing' };
    return { kind: 'thread', categories, category: categoryBySlug(thread.category), thread, page, pages: Math.max(1, Math.ceil(thread.replies / REPLIES_PAGE)) };
  }
  const { category, unknown } = resolveCommunityPath(rawPath);
  const q = (params.get('q') ?? '').trim().slice(0, 200).replaceAll('\u0000', '');
  const list = await reader.threads({ category: category?.slug as never, q: q || undefined, sort: '-lastPostAt', limit: THREADS_PAGE, offset: (page - 1) * THREADS_PAGE });
  return { kind: 'list', categories, category, unknown, q, page, pages: Math.max(1, Math.ceil(list.total / THREADS_PAGE)), total: list.total, threads: list.items };
}
