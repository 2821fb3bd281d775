/** Shared set-up for the inventory suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApp } from '@api/app';
import type { Database, Db } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import type { DbKind } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { q } from '@modules/wallet';
import { seedMainStore } from './locations';

export type Line = { code: string; debit: string; credit: string; property: string | null };

/** The lines of the journal entry a stock move posted, in line order. */
export const entryFor = (db: Db, id: string) =>
  q<Line>(
    db,
    sql`select a.code, l.debit::text, l.credit::text, l.property from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
          join ledger_journal_entries e on e.id = l.entry_id where e.source_module = 'inventory.move' and e.source_id = ${id} order by l.line_no`,
  );

/** Σ debit − credit of an account up to a date (an asset's balance). */
export async function debitBalance(db: Db, code: string, asOf?: string): Promise<bigint> {
  const [r] = await q<{ b: string }>(
    db,
    sql`select coalesce(sum(l.debit - l.credit), 0)::text as b from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
         where a.code = ${code}${asOf ? sql` and l.date <= ${asOf}` : sql``}`,
  );
  return BigInt(r!.b);
}

/** A fresh database and app with the main store, the demo admin signed in, two property references. */
export async function inventoryWorld(kind: DbKind) {
  const database: Database = await moneyTestDatabase(kind);
  await seedMainStore(database.db);
  const app = createApp({ db: database.db, paymentProvider: null });
  const admin = new TestClient(app);
  expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  const props = await q<{ id: string; reference: string }>(database.db, sql`select id, reference from properties order by reference limit 2`);
  expect(props.length).toBe(2);
  return { database, db: database.db, app, admin, properties: props };
}
