/** What the communications screens share: API addresses (a query key is its URL), refreshing after a change, labels. */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { DUBAI_TIME_ZONE } from '@modules/platform/dates';
import type { StaffJson } from '../../contract';

export const BASE = '/api/admin/communications';
export const THREADS = `${BASE}/threads`;
export const ANNOUNCEMENTS = `${BASE}/announcements`;
export const TEMPLATES = `${BASE}/templates`;
export const RECIPIENTS = `${BASE}/recipients`;
export const STAFF = `${BASE}/staff`;
export const enc = encodeURIComponent;

/** After any change: every communications list and detail. */
export const refreshComms = (client: QueryClient) => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith(BASE) });

export const useStaff = () => useQuery<{ items: StaffJson[] }>({ queryKey: [STAFF], staleTime: 60_000 });

export const textareaClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20';

export const formatWhen = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: DUBAI_TIME_ZONE }) : '—';
