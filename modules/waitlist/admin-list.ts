import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import type { ListResult } from '../platform/list';
import { interestLabels, type AdminWaitlistQuery, type WaitlistEntryJson } from './contract';
import { waitlistEntries as w } from './schema';

const where = (q: AdminWaitlistQuery) => allOf(searchWhere(q.q, [w.email, w.name, w.interest]), q.interest && eq(w.interest, q.interest));
const SORT = { createdAt: w.createdAt, email: w.email, name: w.name, interest: w.interest };
const page = (db: Db, q: AdminWaitlistQuery, limit: number, offset: number) =>
  db.select().from(w).where(where(q)).orderBy(...orderBy(q.sort, SORT, w.id)).limit(limit).offset(offset);
const toJson = (r: typeof w.$inferSelect): WaitlistEntryJson => ({ id: r.id, email: r.email, name: r.name, interest: r.interest, createdAt: r.createdAt.toISOString() });

export function listAdminWaitlist(db: Db, q: AdminWaitlistQuery): Promise<ListResult<WaitlistEntryJson>> {
  return listPage(
    page(db, q, q.limit, q.offset).then((rows) => rows.map(toJson)),
    db.select({ n: countAll }).from(w).where(where(q)).then(([r]) => r?.n ?? 0),
  );
}

export const WAITLIST_CSV_HEADER = ['Name', 'Email', 'Interest', 'Joined (UTC)'];
export async function* waitlistCsvRows(db: Db, q: AdminWaitlistQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, q, limit, offset))) {
    yield [r.name, r.email, r.interest ? ((interestLabels as Record<string, string>)[r.interest] ?? r.interest) : '', r.createdAt];
  }
}
