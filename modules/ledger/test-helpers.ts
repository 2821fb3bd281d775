/** Shared set-up for the ledger's test suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '@db/client';
import { seedDatabase } from '@db/seed';
import { createTestDatabase, type DbKind } from '@tests/helpers/db';
import { seedChartOfAccounts } from './chart';
import { post, type PostingLine } from './posting';
import { rows } from './sql';

/** A fresh migrated database with the demo users and the default chart of accounts. */
export async function ledgerTestDatabase(kind: DbKind): Promise<Database> {
  const database = await createTestDatabase(kind);
  await seedDatabase(database.db, { DEMO: '1' });
  await seedChartOfAccounts(database.db);
  return database;
}

let counter = 0;
/** Posts a simple entry with a unique source: [accountCode, debit, credit][] in fils. */
export function postSimple(db: Db, date: string, lines: [string, bigint | number, bigint | number, Partial<PostingLine>?][], memo = 'Test entry') {
  counter += 1;
  return post(db, {
    date,
    memo,
    source: { module: 'test', id: `${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}` },
    lines: lines.map(([accountCode, debit, credit, extra]) => ({ accountCode, debit: BigInt(debit), credit: BigInt(credit), ...extra })),
  });
}

/** Net debit balance of one account from the precomputed balances. */
export async function balanceOf(db: Db, code: string): Promise<bigint> {
  const [r] = await rows<{ net: string }>(
    db,
    sql`select coalesce(sum(b.debit - b.credit), 0)::text as net from ledger_balances b join ledger_accounts a on a.id = b.account_id where a.code = ${code}`,
  );
  return BigInt(r.net);
}

export async function adminId(db: Db): Promise<string> {
  const [r] = await rows<{ id: string }>(db, sql`select id from users where role = 'admin' limit 1`);
  return r.id;
}

/** The SQLSTATE of a database error, through drizzle's wrapping. */
export function sqlState(err: unknown): string | undefined {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let i = 0; i < 5 && e; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export type EntryLine = { account: string; debit: bigint; credit: bigint; memo: string | null };

/**
 * The journal entry a document posted, by its source { module, id }: its lines in order, with account codes
 * and amounts (null when nothing was posted). Money tests assert the exact lines with it.
 */
export async function entryFor(db: Db, source: { module: string; id: string }): Promise<{ reference: string; lines: EntryLine[] } | null> {
  const lines = await rows<{ reference: string; code: string; debit: string; credit: string; memo: string | null }>(
    db,
    sql`select 'JE-' || lpad(e.number::text, 6, '0') as reference, a.code, l.debit::text, l.credit::text, l.memo
          from ledger_journal_entries e join ledger_journal_lines l on l.entry_id = e.id join ledger_accounts a on a.id = l.account_id
         where e.source_module = ${source.module} and e.source_id = ${source.id} order by l.line_no`,
  );
  if (!lines.length) return null;
  return { reference: lines[0].reference, lines: lines.map((l) => ({ account: l.code, debit: BigInt(l.debit), credit: BigInt(l.credit), memo: l.memo })) };
}
