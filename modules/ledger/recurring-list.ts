/** Recurring entries on the one list contract (recurring-contract.ts): search, status, sort and pages in SQL, and the CSV of the filtered set. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import { filsToDecimal } from '../platform/money';
import type { ListResult } from '../platform/list';
import type { RecurringEntryJson, RecurringListQuery } from './recurring-contract';
import { toRecurringJson } from './recurring';
import { ledgerRecurringEntries as r } from './schema';

const SORT = { name: sql`lower(${r.name})`, dayOfMonth: r.dayOfMonth, startDate: r.startDate, lastRunAt: r.lastRunAt };

const where = (q: RecurringListQuery): SQL | undefined =>
  allOf(searchWhere(q.q, [r.name, r.memo]), q.status === 'active' && eq(r.active, true), q.status === 'paused' && eq(r.active, false));

const page = (db: Db, q: RecurringListQuery, limit: number, offset: number): Promise<RecurringEntryJson[]> =>
  db.select().from(r).where(where(q)).orderBy(...orderBy(q.sort, SORT, r.id)).limit(limit).offset(offset).then((rows) => rows.map(toRecurringJson));

/** GET /api/admin/ledger/recurring-entries: a page of the templates. */
export function listRecurringPage(db: Db, q: RecurringListQuery): Promise<ListResult<RecurringEntryJson>> {
  return listPage(page(db, q, q.limit, q.offset), db.select({ n: countAll }).from(r).where(where(q)).then(([row]) => row?.n ?? 0));
}

export const RECURRING_CSV_HEADER = ['Name', 'Memo', 'Day of month', 'Start', 'End', 'Status', 'Lines', 'Debits (AED)', 'Last run (UTC)'];

export async function* recurringCsvRows(db: Db, q: RecurringListQuery): AsyncGenerator<CsvCell[]> {
  for await (const t of allRows((limit, offset) => page(db, q, limit, offset))) {
    const debits = t.lines.reduce((s, l) => s + BigInt(l.debit), 0n);
    yield [t.name, t.memo, t.dayOfMonth, t.startDate, t.endDate, t.active ? 'Active' : 'Paused', t.lines.length, filsToDecimal(debits), t.lastRunAt];
  }
}
