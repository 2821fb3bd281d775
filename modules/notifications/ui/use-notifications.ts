import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@site/lib/api';
import type { NotificationAudience, NotificationKind, NotificationPage, NotificationPreference } from '../contract';
import { announceNotificationsChanged } from './bell-state';

export const FEED_BASE: Record<NotificationAudience, string> = {
  user: '/api/notifications',
  admin: '/api/admin/notifications',
};
export const PREFERENCES_URL = '/api/notifications/preferences';

export type FeedQuery = { filter: 'all' | 'unread'; kind: NotificationKind | ''; limit: number; offset: number };

export const feedUrl = (audience: NotificationAudience, q: FeedQuery) => {
  const params = new URLSearchParams({ filter: q.filter, limit: String(q.limit), offset: String(q.offset) });
  if (q.kind) params.set('kind', q.kind);
  return `${FEED_BASE[audience]}?${params}`;
};

/** One page of a feed; refetched when the window regains focus and whenever the page changes it. */
export function useNotificationPage(audience: NotificationAudience, q: FeedQuery) {
  const url = feedUrl(audience, q);
  return useQuery<NotificationPage>({
    queryKey: [url],
    queryFn: ({ signal }) => api.get<NotificationPage>(url, { signal }),
    refetchOnWindowFocus: true,
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}

const isFeedKey = (audience: NotificationAudience) => (key: readonly unknown[]) => String(key[0] ?? '').startsWith(`${FEED_BASE[audience]}?`);

export function useFeedActions(audience: NotificationAudience) {
  const client = useQueryClient();
  const refresh = async () => {
    await client.invalidateQueries({ predicate: (query) => isFeedKey(audience)(query.queryKey) });
    announceNotificationsChanged();
  };
  const markRead = useMutation({
    mutationFn: (id: string) => api.post<{ unread: number }>(`${FEED_BASE[audience]}/${id}/read`),
    onSuccess: refresh,
  });
  const markAllRead = useMutation({
    mutationFn: (kind: NotificationKind | '') => api.post<{ marked: number; unread: number }>(`${FEED_BASE[audience]}/read-all`, kind ? { kind } : {}),
    onSuccess: refresh,
  });
  return { markRead, markAllRead };
}

export function usePreferences() {
  return useQuery<{ preferences: NotificationPreference[] }>({
    queryKey: [PREFERENCES_URL],
    queryFn: ({ signal }) => api.get<{ preferences: NotificationPreference[] }>(PREFERENCES_URL, { signal }),
    staleTime: 60_000,
  });
}

export function useSavePreference() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: { kind: NotificationKind; inApp?: boolean; email?: boolean }) =>
      api.put<{ preferences: NotificationPreference[] }>(PREFERENCES_URL, { preferences: [p] }),
    onSuccess: (data) => client.setQueryData([PREFERENCES_URL], data),
  });
}
