import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, listPage, orderSql, searchWhere, type CsvCell } from '@api/list';
import type { ListResult } from '../platform/list';
import type { JournalEntryJson, ListEntriesQuery } from './contract';
import { aed } from './export';
import { entrySelect, toEntryJson, type EntryRow } from './drafts';
import { rows } from './sql';

export type JournalEntrySummaryJson = Omit<JournalEntryJson, 'lines'>;

/** What a person types to find an entry: its number (JE-000012), memo, source module or source id. */
function where(q: ListEntriesQuery): SQL {
  const conds = allOf(
    q.status && sql`e.status = ${q.status}`,
    q.kind && sql`e.kind = ${q.kind}`,
    q.from && sql`e.date >= ${q.from}`,
    q.to && sql`e.date <= ${q.to}`,
    q.sourceModule && sql`e.source_module = ${q.sourceModule}`,
    q.account && sql`exists (select 1 from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id where l.entry_id = e.id and a.code = ${q.account})`,
    searchWhere(q.q, [sql`e.memo`, sql`e.source_id`, sql`e.source_module`, sql`'JE-' || lpad(e.number::text, 6, '0')`]),
  );
  return conds ?? sql`true`;
}

const SORT = { date: sql`e.date`, number: sql`e.number`, createdAt: sql`e.created_at`, memo: sql`e.memo` };
const page = (db: Db, q: ListEntriesQuery, limit: number, offset: number) =>
  rows<EntryRow>(db, sql`${entrySelect} where ${where(q)} order by ${orderSql(q.sort, SORT, sql`e.number`)} limit ${limit} offset ${offset}`);
const summary = (e: EntryRow): JournalEntrySummaryJson => {
  const { lines: _lines, ...rest } = toEntryJson(e, []);
  return rest;
};

/** A page of journal entries (without their lines), searched, filtered and sorted in SQL. */
export function listEntries(db: Db, q: ListEntriesQuery): Promise<ListResult<JournalEntrySummaryJson>> {
  return listPage(
    page(db, q, q.limit, q.offset).then((r) => r.map(summary)),
    rows<{ n: string }>(db, sql`select count(*)::text as n from ledger_journal_entries e where ${where(q)}`).then(([r]) => r?.n ?? 0),
  );
}

export const ENTRY_CSV_HEADER = ['Entry', 'Date', 'Memo', 'Status', 'Kind', 'Source module', 'Source id', 'Debit (AED)', 'Credit (AED)', 'Posted at (UTC)', 'Reverses', 'Reversed by'];

/** Every entry of the same query as CSV rows (one row per entry, its totals), a page at a time. */
export async function* entryCsvRows(db: Db, q: ListEntriesQuery): AsyncGenerator<CsvCell[]> {
  for await (const row of allRows((limit, offset) => page(db, q, limit, offset))) {
    const e = summary(row);
    yield [e.number, e.date, e.memo, e.status, e.kind, e.source.module, e.source.id, aed(e.totals.debit), aed(e.totals.credit), e.postedAt, e.reverses?.number, e.reversedBy?.number];
  }
}
