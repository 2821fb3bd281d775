import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import type { ListResult } from '../platform/list';
import type { AdminOutboxQuery } from './contract';
import { emailOutbox as o } from './schema';

type OutboxRow = typeof o.$inferSelect;

const where = (q: AdminOutboxQuery) =>
  allOf(searchWhere(q.q, [o.to, o.subject, o.kind]), q.kind && eq(o.kind, q.kind), q.status && eq(o.status, q.status), q.to && eq(o.to, q.to.toLowerCase()));
const SORT = { createdAt: o.createdAt, to: o.to, subject: o.subject, kind: o.kind, status: o.status, sentAt: o.sentAt };
const page = (db: Db, q: AdminOutboxQuery, limit: number, offset: number) =>
  db.select().from(o).where(where(q)).orderBy(...orderBy(q.sort, SORT, o.id)).limit(limit).offset(offset);

/** A page of the email outbox (with each email's text, which the screen shows when a row is opened). */
export function listAdminOutbox(db: Db, q: AdminOutboxQuery): Promise<ListResult<OutboxRow>> {
  return listPage(page(db, q, q.limit, q.offset), db.select({ n: countAll }).from(o).where(where(q)).then(([r]) => r?.n ?? 0));
}

/** The CSV leaves the email bodies out: they hold reset links and codes. */
export const OUTBOX_CSV_HEADER = ['Created (UTC)', 'To', 'Subject', 'Kind', 'Status', 'Sent (UTC)', 'Error'];
export async function* outboxCsvRows(db: Db, q: AdminOutboxQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, q, limit, offset))) {
    yield [r.createdAt, r.to, r.subject, r.kind, r.status, r.sentAt, r.error];
  }
}
