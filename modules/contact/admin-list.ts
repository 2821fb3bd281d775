import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import type { ListResult } from '../platform/list';
import { contactTopicLabels, type AdminContactMessagesQuery, type ContactMessageJson } from './contract';
import { contactMessages as m } from './schema';

const where = (q: AdminContactMessagesQuery) =>
  allOf(searchWhere(q.q, [m.name, m.email, m.topic, m.message]), q.topic && eq(m.topic, q.topic), q.status && eq(m.status, q.status));
const SORT = { createdAt: m.createdAt, name: m.name, email: m.email, topic: m.topic, status: m.status };
const page = (db: Db, q: AdminContactMessagesQuery, limit: number, offset: number) =>
  db.select().from(m).where(where(q)).orderBy(...orderBy(q.sort, SORT, m.id)).limit(limit).offset(offset);
const toJson = (r: typeof m.$inferSelect): ContactMessageJson => ({ ...r, createdAt: r.createdAt.toISOString() });

export function listAdminContactMessages(db: Db, q: AdminContactMessagesQuery): Promise<ListResult<ContactMessageJson>> {
  return listPage(
    page(db, q, q.limit, q.offset).then((rows) => rows.map(toJson)),
    db.select({ n: countAll }).from(m).where(where(q)).then(([r]) => r?.n ?? 0),
  );
}

export const CONTACT_MESSAGES_CSV_HEADER = ['Received (UTC)', 'Name', 'Email', 'Topic', 'Status', 'Message'];
export async function* contactMessagesCsvRows(db: Db, q: AdminContactMessagesQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, q, limit, offset))) {
    yield [r.createdAt, r.name, r.email, (contactTopicLabels as Record<string, string>)[r.topic] ?? r.topic, r.status, r.message];
  }
}
