/**
 * A notification feed on the one list contract: an investor's own (GET /api/notifications) or the
 * operators' shared one (GET /api/admin/notifications, and its CSV at /export). Search, filters, sort
 * and paging run in SQL; `unread` counts the viewer's unread notifications whatever the filters.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, countAll, orderBy, searchWhere, type CsvCell } from '@api/list';
import { kindLabel, listNotificationsQuery, type ListNotificationsParams, type ListNotificationsQuery, type Notification, type NotificationKind, type NotificationPage } from './contract';
import { notificationReads, notifications } from './schema';
import { feed, readJoin, unreadCount, type Viewer } from './service';

const SORT = { createdAt: notifications.createdAt, kind: notifications.kind, title: notifications.title };

/** What a person types: words of the title or body, or the kind ("screening"). */
const where = (viewer: Viewer, q: ListNotificationsParams): SQL =>
  and(
    feed(viewer),
    allOf(
      searchWhere(q.q, [notifications.title, notifications.body, notifications.kind]),
      q.kind && eq(notifications.kind, q.kind),
      q.filter === 'unread' && isNull(notificationReads.userId),
    ),
  )!;

const page = (db: Db, viewer: Viewer, q: ListNotificationsParams, limit: number, offset: number): Promise<Notification[]> =>
  db
    .select({ id: notifications.id, kind: notifications.kind, title: notifications.title, body: notifications.body, link: notifications.link, createdAt: notifications.createdAt, readAt: notificationReads.readAt })
    .from(notifications)
    .leftJoin(notificationReads, readJoin(viewer))
    .where(where(viewer, q))
    .orderBy(...orderBy(q.sort, SORT, notifications.id))
    .limit(limit)
    .offset(offset)
    .then((rows) =>
      rows.map((r) => ({
        id: r.id,
        kind: r.kind as NotificationKind,
        title: r.title,
        body: r.body,
        link: r.link,
        createdAt: r.createdAt.toISOString(),
        read: r.readAt !== null,
        readAt: r.readAt ? r.readAt.toISOString() : null,
      })),
    );

/** One page of the viewer's feed: { items, total, unread }. Accepts the raw query too (defaults applied). */
export async function listNotifications(db: Db, viewer: Viewer, query: ListNotificationsQuery | ListNotificationsParams = {}): Promise<NotificationPage> {
  const q = listNotificationsQuery.parse(query);
  const [items, [row], unread] = await Promise.all([
    page(db, viewer, q, q.limit, q.offset),
    db.select({ n: countAll }).from(notifications).leftJoin(notificationReads, readJoin(viewer)).where(where(viewer, q)),
    unreadCount(db, viewer),
  ]);
  return { items, total: Number(row?.n ?? 0), unread };
}

export const NOTIFICATIONS_CSV_HEADER = ['Created (UTC)', 'Kind', 'Title', 'Message', 'Link', 'Read', 'Read at (UTC)'];

/** Every notification of the same query, as CSV rows (read state is the viewer's). */
export async function* notificationCsvRows(db: Db, viewer: Viewer, q: ListNotificationsParams): AsyncGenerator<CsvCell[]> {
  for await (const n of allRows((limit, offset) => page(db, viewer, q, limit, offset))) {
    yield [n.createdAt, kindLabel(n.kind), n.title, n.body, n.link, n.read ? 'Yes' : 'No', n.readAt];
  }
}
