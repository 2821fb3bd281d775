/**
 * A feed of notifications with its filters (all/unread, by kind), mark one read, mark all read and
 * pagination. The investor screen (/notifications) shows the person's own feed; the back office
 * (/admin/notifications) shows the operators' shared feed with the same component.
 */
import { Bell, CheckCheck, ChevronLeft, ChevronRight, ExternalLink, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { kindLabel, kindsFor, NOTIFICATION_PAGE_SIZE, type Notification, type NotificationAudience, type NotificationKind } from '../contract';
import { timeAgo } from './bell-state';
import { type FeedQuery, useFeedActions, useNotificationPage } from './use-notifications';

const button =
  'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-400';

const kindTone: Partial<Record<NotificationKind, string>> = {
  security: 'bg-red-50 text-red-800 ring-red-200',
  screening_hit: 'bg-red-50 text-red-800 ring-red-200',
  kyc: 'bg-brand-50 text-brand-800 ring-brand-200',
  kyc_submitted: 'bg-brand-50 text-brand-800 ring-brand-200',
  wallet: 'bg-sand-50 text-sand-800 ring-sand-200',
};

export type FeedCopy = {
  emptyAll: string;
  emptyUnread: string;
};

function FeedItem({ n, onRead, busy }: { n: Notification; onRead: (id: string) => void; busy: boolean }) {
  const titleId = useId();
  const when = new Date(n.createdAt);
  return (
    <li aria-labelledby={titleId} className={`flex gap-3 px-5 py-4 sm:px-6 ${n.read ? '' : 'bg-brand-50/40'}`}>
      <span aria-hidden="true" className={`mt-2 h-2 w-2 shrink-0 rounded-full ${n.read ? 'bg-slate-200' : 'bg-brand-600'}`} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${kindTone[n.kind] ?? 'bg-slate-50 text-slate-700 ring-slate-200'}`}>
            {kindLabel(n.kind)}
          </span>
          <time dateTime={n.createdAt} title={when.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} className="text-xs text-slate-500">
            {timeAgo(n.createdAt)}
          </time>
          {!n.read && <span className="sr-only">Unread</span>}
        </div>
        <p id={titleId} className={`mt-1.5 text-sm ${n.read ? 'text-slate-700' : 'font-semibold text-ink'}`}>
          {n.title}
        </p>
        <p className="mt-1 whitespace-pre-line text-sm leading-relaxed text-slate-600">{n.body}</p>
        <div className="mt-2 flex flex-wrap items-center gap-4">
          {n.link && (
            <a
              href={n.link}
              onClick={() => {
                if (!n.read) onRead(n.id);
              }}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
            >
              Open
              <ExternalLink size={14} aria-hidden="true" />
            </a>
          )}
          {!n.read && (
            <button type="button" disabled={busy} onClick={() => onRead(n.id)} aria-label={`Mark as read: ${n.title}`} className="text-sm font-medium text-slate-600 underline-offset-4 hover:text-ink hover:underline disabled:opacity-50">
              Mark as read
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

/** `kinds`: the kinds to filter by (default every kind of the audience; the back office passes its role's). */
export function NotificationFeed({
  audience,
  copy,
  pageSize = NOTIFICATION_PAGE_SIZE,
  kinds: onlyKinds,
}: {
  audience: NotificationAudience;
  copy: FeedCopy;
  pageSize?: number;
  kinds?: readonly NotificationKind[];
}) {
  const [query, setQuery] = useState<FeedQuery>({ filter: 'all', kind: '', limit: pageSize, offset: 0 });
  const page = useNotificationPage(audience, query);
  const { markRead, markAllRead } = useFeedActions(audience);
  const [status, setStatus] = useState('');
  const listTop = useRef<HTMLDivElement>(null);
  const kindSelectId = useId();
  const kinds = onlyKinds ?? kindsFor(audience);

  const data = page.data;
  const total = data?.total ?? 0;
  const unread = data?.unread ?? 0;
  const from = total === 0 ? 0 : query.offset + 1;
  const to = Math.min(query.offset + query.limit, total);

  // A page emptied by "mark read" under the Unread filter steps back so the person is not left on a blank page.
  useEffect(() => {
    if (data && data.items.length === 0 && query.offset > 0 && total > 0) setQuery((q) => ({ ...q, offset: Math.max(0, q.offset - q.limit) }));
  }, [data, query.offset, total]);

  const change = (patch: Partial<FeedQuery>) => setQuery((q) => ({ ...q, offset: 0, ...patch }));
  const go = (offset: number) => {
    setQuery((q) => ({ ...q, offset }));
    listTop.current?.focus();
  };

  const readOne = (id: string) =>
    markRead.mutate(id, {
      onSuccess: (r) => setStatus(`Marked as read. ${r.unread === 0 ? 'Nothing is unread now.' : `${r.unread} unread.`}`),
      onError: (e) => toast({ title: 'Could not mark it as read', description: errorText(e, 'Please try again.'), variant: 'destructive' }),
    });
  const readAll = () =>
    markAllRead.mutate(query.kind, {
      onSuccess: (r) => {
        const text = r.marked === 0 ? 'Nothing was unread.' : `${r.marked} notification${r.marked === 1 ? '' : 's'} marked as read.`;
        setStatus(text);
        toast({ title: 'All caught up', description: text, variant: 'success' });
      },
      onError: (e) => toast({ title: 'Could not mark them as read', description: errorText(e, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <div role="group" aria-label="Show" className="inline-flex rounded-md border border-slate-200 bg-slate-50 p-0.5">
            {(['all', 'unread'] as const).map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={query.filter === f}
                onClick={() => change({ filter: f })}
                className="rounded px-3 py-1.5 text-sm text-slate-600 hover:text-ink aria-pressed:bg-white aria-pressed:font-medium aria-pressed:text-ink aria-pressed:shadow-sm"
              >
                {f === 'all' ? 'All' : `Unread${unread ? ` (${unread})` : ''}`}
              </button>
            ))}
          </div>
          <label htmlFor={kindSelectId} className="sr-only">
            Kind
          </label>
          <select
            id={kindSelectId}
            value={query.kind}
            onChange={(e) => change({ kind: e.target.value as NotificationKind | '' })}
            className="rounded-md border border-slate-200 bg-white py-1.5 pl-2 pr-8 text-sm text-slate-700 hover:border-slate-300"
          >
            <option value="">All kinds</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" disabled={unread === 0 || markAllRead.isPending} onClick={readAll} className={button} title={unread === 0 ? 'Nothing is unread' : undefined}>
          <CheckCheck size={16} aria-hidden="true" />
          {markAllRead.isPending ? 'Marking…' : query.kind ? `Mark all ${kindLabel(query.kind).toLowerCase()} read` : 'Mark all as read'}
        </button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <div ref={listTop} tabIndex={-1} className="focus:outline-none" aria-busy={page.isFetching}>
        {page.isPending ? (
          <ul aria-label="Loading notifications" className="divide-y divide-slate-100">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex gap-3 px-5 py-4 sm:px-6">
                <span className="mt-2 h-2 w-2 rounded-full bg-slate-200" />
                <div className="flex-1 space-y-2">
                  <div className="h-3 w-24 animate-pulse rounded bg-slate-100" />
                  <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
                  <div className="h-3 w-full animate-pulse rounded bg-slate-100" />
                </div>
              </li>
            ))}
          </ul>
        ) : page.isError ? (
          <div role="alert" className="px-6 py-10 text-center">
            <p className="text-sm font-medium text-ink">We could not load the notifications.</p>
            <p className="mt-1 text-sm text-slate-600">{errorText(page.error, 'Please try again.')}</p>
            <button type="button" onClick={() => void page.refetch()} className={`${button} mt-4`}>
              <RefreshCw size={16} aria-hidden="true" />
              Try again
            </button>
          </div>
        ) : data && data.items.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-12 text-center">
            <span aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-full bg-sand-50 text-sand-600 ring-1 ring-sand-200">
              {query.filter === 'unread' ? <CheckCheck size={22} strokeWidth={1.6} /> : <Bell size={22} strokeWidth={1.6} />}
            </span>
            <h3 className="mt-4 font-display text-xl text-ink">{query.filter === 'unread' ? "You're all caught up" : 'No notifications yet'}</h3>
            <p className="mt-2 max-w-md text-sm leading-relaxed text-slate-600">
              {query.filter === 'unread'
                ? `You have no unread${query.kind ? ` ${kindLabel(query.kind).toLowerCase()}` : ''} notifications.`
                : query.kind
                  ? `There are no ${kindLabel(query.kind).toLowerCase()} notifications.`
                  : copy.emptyAll}
            </p>
          </div>
        ) : (
          <ul aria-label={query.filter === 'unread' ? 'Unread notifications' : 'Notifications'} className="divide-y divide-slate-100">
            {data?.items.map((n) => <FeedItem key={n.id} n={n} onRead={readOne} busy={markRead.isPending && markRead.variables === n.id} />)}
          </ul>
        )}
      </div>
      {data && total > 0 && (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-5 py-3 text-sm text-slate-600 sm:px-6">
          <p>
            {from}–{to} of {total}
          </p>
          <div className="flex gap-2">
            <button type="button" className={button} disabled={query.offset === 0} onClick={() => go(Math.max(0, query.offset - query.limit))}>
              <ChevronLeft size={16} aria-hidden="true" />
              Previous
            </button>
            <button type="button" className={button} disabled={to >= total} onClick={() => go(query.offset + query.limit)}>
              Next
              <ChevronRight size={16} aria-hidden="true" />
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}
