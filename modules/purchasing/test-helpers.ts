/** Shared set-up for the purchasing suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApp } from '@api/app';
import type { Database, Db } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import type { DbKind } from '@tests/helpers/db';
import { clientWith, createInvestor, moneyTestDatabase } from '@modules/investing/test-helpers';
import { q } from '@modules/wallet';
import type { SupplierDetailJson } from './contract';

export type Line = { code: string; debit: string; credit: string; cost_center: string | null; property: string | null };

/** The lines of the journal entry a document posted: account code, debit, credit and dimensions, in line order. */
export const entryFor = (db: Db, module: string, id: string) =>
  q<Line>(
    db,
    sql`select a.code, l.debit::text, l.credit::text, cc.code as cost_center, l.property from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
          left join ledger_cost_centers cc on cc.id = l.cost_center_id
          join ledger_journal_entries e on e.id = l.entry_id where e.source_module = ${module} and e.source_id = ${id} order by l.line_no`,
  );

/** Σ credit − debit of an account up to a date (a liability's balance). */
export async function creditBalance(db: Db, code: string, asOf?: string): Promise<bigint> {
  const [r] = await q<{ b: string }>(
    db,
    sql`select coalesce(sum(l.credit - l.debit), 0)::text as b from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
         where a.code = ${code}${asOf ? sql` and l.date <= ${asOf}` : sql``}`,
  );
  return BigInt(r!.b);
}

/** A fresh database and app, the demo admin signed in, a second admin, a property cost center and a bank account. */
export async function purchasingWorld(kind: DbKind) {
  const database: Database = await moneyTestDatabase(kind);
  const app = createApp({ db: database.db, paymentProvider: null });
  const admin = new TestClient(app);
  expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  const other = await createInvestor(database.db, { role: 'admin', firstName: 'Second' });
  const second = clientWith(app, other.token);
  const [property] = await q<{ reference: string }>(database.db, sql`select reference from properties order by reference limit 1`);
  const cc = await admin.json('POST', '/api/admin/ledger/cost-centers', { code: 'PUR-CC', name: 'Purchasing test property', kind: 'property', property: property!.reference });
  expect(cc.status, JSON.stringify(cc.body)).toBe(201);
  const bank = await admin.json<{ id: string }>('POST', '/api/admin/bank-accounts', { name: 'Emirates NBD operating', iban: 'AE070331234567890123456', ledgerAccountCode: '1110', bankName: 'Emirates NBD' });
  expect(bank.status, JSON.stringify(bank.body)).toBe(201);
  const supplier = async (over: Record<string, unknown> = {}) => {
    const r = await admin.json<SupplierDetailJson>('POST', '/api/admin/suppliers', {
      name: `Supplier ${Math.random().toString(36).slice(2, 7)}`,
      email: 'accounts@supplier.ae',
      trn: '100234567800003',
      emirate: 'dubai',
      iban: 'AE42 0260 0010 1533 3439 101',
      accountName: 'Supplier LLC',
      category: 'maintenance_contractor',
      ...over,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  return { database, db: database.db, app, admin, second, secondId: other.id, property: property!.reference, costCenter: 'PUR-CC', bankId: bank.body.id, supplier };
}
