import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { describeEachDb } from '@tests/helpers/db';
import { q } from '@modules/wallet';
import { payablesAging } from './payables';
import { seedPurchasing } from './seed';
import { creditBalance } from './test-helpers';

describeEachDb('purchasing demo seed', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('seeds suppliers, requests in every state, three orders, a held, a paid and a credited bill, once', async () => {
    expect(await seedPurchasing(database.db)).toEqual({ seeded: true });
    expect(await seedPurchasing(database.db)).toEqual({ seeded: false });
    const [c] = await q<Record<string, string>>(
      database.db,
      sql`select (select count(*) from suppliers)::text as suppliers, (select string_agg(distinct status, ',' order by status) from purchase_requests) as requests,
                 (select string_agg(status, ',' order by number) from purchase_orders) as orders, (select string_agg(status, ',' order by number) from supplier_bills) as bills,
                 (select count(*) from supplier_debit_notes)::text as notes, (select count(*) from bank_accounts)::text as banks`,
    );
    expect(c).toEqual({ suppliers: '4', requests: 'approved,ordered,rejected,submitted', orders: 'billed,partially_received,draft', bills: 'paid,held,posted,posted', notes: '1', banks: '1' });
    const aging = await payablesAging(database.db);
    expect(BigInt(aging.totals.total)).toBe(await creditBalance(database.db, '2310'));
  });
});
