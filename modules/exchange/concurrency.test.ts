import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { createSandboxProvider } from '@modules/payments';
import { SHARE_SCALE } from '@modules/properties/contract';
import { reconciliation } from '@modules/investing/service';
import { invest } from '@modules/investing';
import { q } from '@modules/wallet';
import { createInvestor, createProperty, fundWallet, moneyTestDatabase } from '@modules/investing/test-helpers';
import { placeOrder } from './orders';

/** Concurrency is proven on a real PostgreSQL (PGlite runs one statement at a time). */
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('exchange under concurrency [postgres]', () => {
  let database: Database;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  beforeAll(async () => {
    database = await moneyTestDatabase('postgres');
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  it('200 parallel orders from 50 investors on one property create or destroy no unit and no fil, and the books balance', async () => {
    const P = 100_000n;
    const property = await createProperty(database.db, { shares: 1000n, sharePrice: P });
    const investors: string[] = [];
    for (let i = 0; i < 50; i++) {
      const inv = await createInvestor(database.db);
      await fundWallet(database.db, inv.id, 2_000_000n, provider);
      // Half of them own 10 shares each (bought through the real purchase), the rest only cash.
      if (i % 2 === 0) await invest(database.db, inv.id, { propertyId: property.id, amount: 10n * P }, { notify: false });
      investors.push(inv.id);
    }
    await database.db.execute(sql`update properties set status = 'funded' where id = ${property.id}`);
    const totals = async () => {
      const [t] = await q<{ wallets: string; held: string; units: string; sold: string; deposits: string; fees: string }>(
        database.db,
        sql`select (select sum(balance) from wallets)::text as wallets, (select sum(held) from wallets)::text as held,
                   (select sum(units) from holdings where property_id = ${property.id})::text as units,
                   (select shares_sold from properties where id = ${property.id})::text as sold,
                   (select coalesce(sum(early_exit_fee + performance_fee + vat), 0) from exchange_trades)::text as fees`,
      );
      return t;
    };
    const before = await totals();

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, n) => {
        const who = investors[(n * 7) % 50];
        const owner = ((n * 7) % 50) % 2 === 0;
        const side = owner && n % 3 !== 0 ? 'sell' : 'buy';
        const price = P - 5_000n + BigInt((n * 37) % 11) * 1_000n;
        const units = SHARE_SCALE / 4n + BigInt(n % 5) * (SHARE_SCALE / 4n);
        return placeOrder(database.db, who, { propertyId: property.id, side, units, price, timeInForce: 'gtc' }, { log: { error: () => {} } });
      }),
    );
    const failures = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as { status?: number; code?: string });
    // Only clear refusals (no units left to sell, no money left to hold): never a crash.
    for (const f of failures) expect(['not_enough_units', 'insufficient_funds']).toContain(f.code);
    const fulfilled = results.filter((r) => r.status === 'fulfilled').length;
    expect(fulfilled).toBeGreaterThan(100);
    const [trades] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from exchange_trades`);
    expect(trades.n).toBeGreaterThan(0);

    const after = await totals();
    // No unit created or destroyed: the property's holdings still add up to its shares sold.
    expect(after.units).toBe(before.units);
    expect(after.sold).toBe(before.sold);
    // No fil created or destroyed: wallets lost exactly the fees the trades charged.
    expect(BigInt(before.wallets) - BigInt(after.wallets)).toBe(BigInt(after.fees));
    // Every open buy order's hold is in its wallet, and nothing else is held.
    const [holds] = await q<{ orders: string; wallets: string; bad: number }>(
      database.db,
      sql`select (select coalesce(sum(held_cash), 0) from exchange_orders where status in ('open', 'partially_filled'))::text as orders,
                 (select sum(held) from wallets)::text as wallets,
                 (select count(*)::int from wallets where held > balance or balance < 0) as bad`,
    );
    expect(holds.orders).toBe(holds.wallets);
    expect(holds.bad).toBe(0);
    // No seller has more units in open sell orders than they hold.
    const [over] = await q<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from holdings h where h.property_id = ${property.id}
            and h.units < (select coalesce(sum(o.units - o.filled_units), 0) from exchange_orders o where o.user_id = h.user_id and o.property_id = h.property_id and o.side = 'sell' and o.status in ('open', 'partially_filled'))`,
    );
    expect(over.n).toBe(0);
    // The book never crosses: the best bid is below the best ask.
    const [top] = await q<{ bid: string | null; ask: string | null }>(
      database.db,
      sql`select (select max(price) from exchange_orders where side = 'buy' and status in ('open', 'partially_filled'))::text as bid,
                 (select min(price) from exchange_orders where side = 'sell' and status in ('open', 'partially_filled'))::text as ask`,
    );
    if (top.bid && top.ask) {
      // Crossing is possible only between one investor's own orders (never matched with each other).
      const [crossed] = await q<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from exchange_orders b join exchange_orders s on s.side = 'sell' and b.side = 'buy' and s.price <= b.price and s.user_id <> b.user_id
             where b.status in ('open', 'partially_filled') and s.status in ('open', 'partially_filled')`,
      );
      expect(crossed.n).toBe(0);
    }
    expect(await reconciliation(database.db)).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
  }, 120_000);
});
