/** The viewer's community status, fetched once per page and shared by every island on it. */
import { api } from '@site/lib/api';
import type { CommunityStatusJson } from '../contract';

const pending = new Map<string, Promise<CommunityStatusJson>>();

export function loadStatus(threadId?: string): Promise<CommunityStatusJson> {
  const key = threadId ?? '';
  let p = pending.get(key);
  if (!p) {
    p = api.get<CommunityStatusJson>(`/api/community/me${threadId ? `?thread=${encodeURIComponent(threadId)}` : ''}`);
    p.catch(() => pending.delete(key));
    pending.set(key, p);
  }
  return p;
}

/** Forget the cached status (after a reaction changes it). */
export function forgetStatus(): void {
  pending.clear();
}
