import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { describeEachDb } from '@tests/helpers/db';
import { todayInDubai } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import { invest } from './invest';
import { createInvestor, createProperty, fundWallet, moneyTestDatabase } from './test-helpers';
import { holdersAt, unitChanges } from './unit-history';

describeEachDb('unit history', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
  }, 60_000);
  afterAll(async () => database.close());

  it('rebuilds the units held at any day from purchases, cancellations and trades; today it equals holdings', async () => {
    const db = database.db;
    const prop = await createProperty(db, { shares: 1_000n });
    const a = await createInvestor(db);
    const b = await createInvestor(db);
    const buy = async (userId: string, units: bigint, at: string, status = 'active', cancelledAt: string | null = null) => {
      await db.execute(sql`insert into investments (user_id, property_id, units, share_price, amount, principal, fee, vat, total, wallet_balance_after, status, created_at, cancelled_at)
        values (${userId}, ${prop.id}, ${units}, 100000, ${units * 10n}, ${units * 10n}, 0, 0, ${units * 10n}, 0, ${status}, ${at}::timestamptz, ${cancelledAt}::timestamptz)`);
    };
    await buy(a.id, 50_000n, '2026-01-10T08:00:00Z');
    await buy(b.id, 20_000n, '2026-01-31T21:00:00Z'); // 1 February in Dubai
    await buy(b.id, 5_000n, '2026-01-05T08:00:00Z', 'cancelled', '2026-01-06T08:00:00Z');
    await db.execute(sql`insert into exchange_trades (property_id, buyer_id, seller_id, venue, units, price, gross, cost, early_exit_fee, performance_fee, vat, net, created_at)
      values (${prop.id}, ${b.id}, ${a.id}, 'order', 10000, 100000, 100000, 100000, 0, 0, 0, 100000, '2026-02-15T08:00:00Z')`);

    expect(await holdersAt(db, prop.id, '2026-01-05')).toEqual(new Map([[b.id, 5_000n]]));
    expect(await holdersAt(db, prop.id, '2026-01-31')).toEqual(new Map([[a.id, 50_000n]]));
    const feb = await holdersAt(db, prop.id, '2026-02-28');
    expect(feb.get(a.id)).toBe(40_000n);
    expect(feb.get(b.id)).toBe(30_000n);
    const changes = await unitChanges(db, { through: '2026-12-31', userId: b.id });
    expect(changes.map((c) => [c.date, c.delta])).toEqual([
      ['2026-01-05', 5_000n],
      ['2026-01-06', -5_000n],
      ['2026-02-01', 20_000n],
      ['2026-02-15', 10_000n],
    ]);
  });

  it('agrees with the holdings table today after real purchases through the investing service', async () => {
    const db = database.db;
    const prop = await createProperty(db, { shares: 1_000n });
    for (let i = 0; i < 3; i++) {
      const inv = await createInvestor(db);
      await fundWallet(db, inv.id, 1_000_000n);
      await invest(db, inv.id, { propertyId: prop.id, amount: 100_000n * BigInt(i + 1) });
    }
    const held = await q<{ user_id: string; property_id: string; units: string }>(db, sql`select user_id::text, property_id::text, units::text from holdings where units > 0`);
    const today = todayInDubai();
    expect(held.length).toBeGreaterThanOrEqual(3);
    for (const h of held) {
      const map = await holdersAt(db, h.property_id, today);
      expect(map.get(h.user_id)).toBe(big(h.units));
    }
  });
});
