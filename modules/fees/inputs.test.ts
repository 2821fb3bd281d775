import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { createInvestor, createProperty, moneyTestDatabase } from '@modules/investing/test-helpers';
import { loadHoldings } from './inputs';

describeEachDb('platform fee inputs', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 60_000);
  afterAll(async () => database.close());

  it('stops a sold (exited) property accruing from the day after it closed, even without an exit record', async () => {
    const db = database.db;
    const prop = await createProperty(db, { shares: 1_000n });
    const inv = await createInvestor(db);
    await db.execute(sql`insert into investments (user_id, property_id, units, share_price, amount, principal, fee, vat, total, wallet_balance_after, status, created_at)
      values (${inv.id}, ${prop.id}, 50000, 100000, 500000, 500000, 0, 0, 500000, 0, 'active', '2026-01-10T08:00:00Z'),
             (${inv.id}, ${prop.id}, 10000, 100000, 100000, 100000, 0, 0, 100000, 0, 'active', '2026-06-10T08:00:00Z')`);

    const open = (await loadHoldings(db, { through: '2026-08-31', userId: inv.id })).get(inv.id)!;
    expect(open[0]!.changes).toEqual([
      { date: '2026-01-10', delta: 50_000n },
      { date: '2026-06-10', delta: 10_000n },
    ]);

    // Sold on 31 March (Dubai): what was held then stops on 1 April, and the later purchase never counts.
    await db.execute(sql`update properties set status = 'exited', closed_at = '2026-03-31T10:00:00Z' where id = ${prop.id}`);
    const closed = (await loadHoldings(db, { through: '2026-08-31', userId: inv.id })).get(inv.id)!;
    expect(closed[0]!.changes).toEqual([
      { date: '2026-01-10', delta: 50_000n },
      { date: '2026-04-01', delta: -50_000n },
    ]);
    // A window ending on the closing day is not cut.
    const before = (await loadHoldings(db, { through: '2026-03-31', userId: inv.id })).get(inv.id)!;
    expect(before[0]!.changes).toEqual([{ date: '2026-01-10', delta: 50_000n }]);
  });
});
