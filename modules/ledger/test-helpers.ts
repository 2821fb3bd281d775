/** Shared set-up for the ledger's test suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { seedDatabase } from '../../db/seed';
import { createTestDatabase, type DbKind } from '../../tests/helpers/db';
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
