import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { createSandboxProvider } from '@modules/payments';
import { moneyTestDatabase, snapshot } from '@modules/investing/test-helpers';
import { q } from '@modules/wallet';
import { exchangeMessages, type PoolSaleJson } from './contract';
import type { PoolJson } from './pool-contract';
import { POOL_EMAIL } from './pool-setup';
import { poolFixtures } from './pool-test-helpers';
import { addYears } from './pricing';

const FIVE_SHARES = 50_000n;
/** AED 1,100 a share less 2% = AED 1,078; AED 900 less 2% = AED 882. */
const GAIN_VALUATION = 110_000_000n;
const LOSS_VALUATION = 90_000_000n;

describeEachDb('Liquidity pool API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  let poolId: string;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  const f = poolFixtures(() => ({ database, app, admin, provider }));

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    await database.db.execute(sql`update properties set status = 'funded' where status = 'funding'`);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const sell = async (inv: { client: TestClient }, propertyId: string, units: bigint, key?: string) => {
    const res = await inv.client.request('POST', '/api/exchange/pool/sell', { propertyId, units: units.toString() }, key ? { headers: { 'idempotency-key': key } } : {});
    return { status: res.status, body: (await res.json()) as PoolSaleJson & { error?: string; message?: string } };
  };

  it('keeps a budget the operator sets, and refuses visitors, investors on admin routes and bad budgets', async () => {
    const visitor = new TestClient(app);
    expect((await visitor.request('GET', '/api/admin/exchange/pool')).status).toBe(401);
    expect((await visitor.request('POST', '/api/exchange/pool/sell', { propertyId: 'x', units: 1 })).status).toBe(401);
    const inv = await f.investor(0n);
    expect((await inv.client.request('GET', '/api/admin/exchange/pool')).status).toBe(403);
    expect((await inv.client.request('PUT', '/api/admin/exchange/pool', { totalBudget: 1, perPropertyBudget: 1 })).status).toBe(403);
    for (const body of [{}, { totalBudget: -1, perPropertyBudget: 1 }, { totalBudget: '1.5', perPropertyBudget: 1 }, { totalBudget: 1e20, perPropertyBudget: 1 }, { totalBudget: 'abc', perPropertyBudget: '1' }]) {
      const r = await admin.json<{ error: string }>('PUT', '/api/admin/exchange/pool', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const pool = (await f.setBudget(100_000_000n, 20_000_000n)) as PoolJson;
    expect(pool).toMatchObject({ totalBudget: '100000000', perPropertyBudget: '20000000', spent: '0', left: '100000000', holdings: [], realisedPnl: '0', unrealisedPnl: '0', discountBps: 200 });
    const [u] = await q<{ id: string; role: string; kyc_status: string }>(database.db, sql`select id, role, kyc_status from users where email = ${POOL_EMAIL}`);
    expect(u).toMatchObject({ role: 'investor', kyc_status: 'approved' });
    poolId = u.id;
    // Nobody can sign in as the pool.
    expect((await new TestClient(app).post('/api/auth/login', { username: POOL_EMAIL, password: '' })).status).toBeGreaterThanOrEqual(400);
  });

  it('buys at the latest valuation less 2%, charges the early exit fee within 3 years, and settles everything in one go', async () => {
    const seller = await f.investor(1_100_000n);
    const { property } = await f.fundedProperty(GAIN_VALUATION, [{ inv: seller, amount: 1_000_000n }]);
    const before = await f.available(seller.id);

    const quote = await seller.client.json<PoolSaleJson>('POST', '/api/exchange/pool/quote', { propertyId: property.id, units: FIVE_SHARES.toString() });
    expect(quote.status).toBe(200);
    // 5 shares × AED 1,078 = AED 5,390; early exit fee 0.5% = 26.95; profit 390 → performance fee 0.78; VAT 5% of 27.73 = 1.39.
    expect(quote.body).toMatchObject({ id: null, price: '107800', gross: '539000', earlyExitFee: '2695', performanceFee: '78', vat: '139', net: '536088', discountBps: 200 });

    const sold = await sell(seller, property.id, FIVE_SHARES, 'pool-sale-1');
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(sold.body).toMatchObject({ propertyId: property.id, units: '50000', gross: '539000', earlyExitFee: '2695', performanceFee: '78', vat: '139', net: '536088' });
    expect(sold.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(sold.body.journalReference).toMatch(/^JE-/);
    // A repeat with the same key answers the same sale and moves nothing again.
    const replay = await sell(seller, property.id, FIVE_SHARES, 'pool-sale-1');
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(sold.body.id);

    expect((await f.available(seller.id)).available - before.available).toBe(536_088n);
    expect(await f.holding(seller.id, property.id)).toEqual({ units: 50_000n, cost: 500_000n });
    expect(await f.holding(poolId, property.id)).toEqual({ units: 50_000n, cost: 539_000n });
    const [trade] = await q<{ venue: string; buyer_id: string; seller_id: string; cost: string }>(database.db, sql`select venue, buyer_id, seller_id, cost::text from exchange_trades where id = ${sold.body.id}`);
    expect(trade).toEqual({ venue: 'pool', buyer_id: poolId, seller_id: seller.id, cost: '500000' });
    const [moved] = await q<{ kind: string; amount: string; ref_type: string }>(database.db, sql`select kind, amount::text, ref_type from wallet_transactions where ref_id = ${sold.body.id}`);
    expect(moved).toEqual({ kind: 'sale', amount: '536088', ref_type: 'pool_sale' });
    const [note] = await q<{ title: string }>(database.db, sql`select title from notifications where user_id = ${seller.id} order by created_at desc limit 1`);
    expect(note.title).toBe('Shares sold to the liquidity pool');
    const [lines] = await q<{ pool: string; fees: string }>(
      database.db,
      sql`select coalesce(sum(l.debit) filter (where a.code = '1550'), 0)::text as pool,
                 coalesce(sum(l.credit) filter (where a.code in ('4120', '4140', '2410')), 0)::text as fees
            from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id join ledger_journal_entries e on e.id = l.entry_id
           where e.source_module = 'exchange.pool_sale' and e.source_id = ${sold.body.id}`,
    );
    expect(lines).toEqual({ pool: '539000', fees: String(2695 + 78 + 139) });

    const pool = await admin.json<PoolJson>('GET', '/api/admin/exchange/pool');
    expect(pool.body).toMatchObject({ spent: '539000', left: String(100_000_000 - 539_000) });
    // Valued at AED 1,100 a share: 5 shares are worth 5,500, bought for 5,390.
    expect(pool.body.holdings).toEqual([{ propertyId: property.id, reference: property.reference, title: property.title, units: '50000', cost: '539000', value: '550000' }]);
    expect(pool.body.unrealisedPnl).toBe('11000');
    await f.reconcile();
  });

  it('charges no early exit fee on units held exactly 3 years, charges it a day earlier, and no performance fee on a loss', async () => {
    const today = todayInDubai();
    const old = await f.investor(1_100_000n);
    const recent = await f.investor(1_100_000n);
    const { property, bought } = await f.fundedProperty(GAIN_VALUATION, [
      { inv: old, amount: 1_000_000n },
      { inv: recent, amount: 1_000_000n },
    ]);
    await f.backdate(bought[0].id, addYears(today, -3));
    await f.backdate(bought[1].id, addDays(addYears(today, -3), 1));
    const oldSale = await sell(old, property.id, FIVE_SHARES);
    expect(oldSale.status).toBe(201);
    expect(oldSale.body).toMatchObject({ gross: '539000', earlyExitFee: '0', performanceFee: '78', vat: '4', net: '538918' });
    const recentSale = await sell(recent, property.id, FIVE_SHARES);
    expect(recentSale.body).toMatchObject({ gross: '539000', earlyExitFee: '2695', performanceFee: '78', vat: '139', net: '536088' });

    const loser = await f.investor(1_100_000n);
    const lateLoser = await f.investor(1_100_000n);
    const low = await f.fundedProperty(LOSS_VALUATION, [
      { inv: loser, amount: 1_000_000n },
      { inv: lateLoser, amount: 1_000_000n },
    ]);
    await f.backdate(low.bought[0].id, addYears(today, -4));
    // 5 shares at AED 882 = 4,410 for shares that cost 5,000: a loss, so no performance fee.
    const loss = await sell(loser, low.property.id, FIVE_SHARES);
    expect(loss.body).toMatchObject({ price: '88200', gross: '441000', earlyExitFee: '0', performanceFee: '0', vat: '0', net: '441000' });
    const earlyLoss = await sell(lateLoser, low.property.id, FIVE_SHARES);
    expect(earlyLoss.body).toMatchObject({ gross: '441000', earlyExitFee: '2205', performanceFee: '0', vat: '110', net: '438685' });
    await f.reconcile();
  });

  it('refuses a sale beyond the budget left, in total or for the property, with nothing changed', async () => {
    const seller = await f.investor(1_100_000n);
    const { property } = await f.fundedProperty(GAIN_VALUATION, [{ inv: seller, amount: 1_000_000n }]);
    const spent = BigInt((await admin.json<PoolJson>('GET', '/api/admin/exchange/pool')).body.spent);
    const before = await snapshot(database.db);

    await f.setBudget(spent + 100_000n, 50_000_000n);
    const total = await sell(seller, property.id, FIVE_SHARES);
    expect(total.status).toBe(422);
    expect(total.body).toMatchObject({ error: 'pool_budget_exhausted', message: exchangeMessages.poolBudget('AED 1,000.00') });
    const quoted = await seller.client.json<{ error: string }>('POST', '/api/exchange/pool/quote', { propertyId: property.id, units: FIVE_SHARES.toString() });
    expect(quoted.body.error).toBe('pool_budget_exhausted');

    await f.setBudget(spent, 50_000_000n);
    const empty = await sell(seller, property.id, 10n);
    expect(empty.body).toMatchObject({ error: 'pool_budget_exhausted', message: exchangeMessages.poolEmpty });

    await f.setBudget(100_000_000n, 100_000n);
    const perProperty = await sell(seller, property.id, FIVE_SHARES);
    expect(perProperty.body).toMatchObject({ error: 'pool_budget_exhausted', message: exchangeMessages.poolBudget('AED 1,000.00') });
    const after = await snapshot(database.db);
    // Only the budget changed (and its audit rows); no unit, fil, movement or entry moved.
    expect({ ...after, keys: before.keys }).toEqual(before);

    // Within the property's budget it sells.
    const small = await sell(seller, property.id, 9_000n);
    expect(small.status).toBe(201);
    expect(small.body.gross).toBe('97020');
    await f.setBudget(100_000_000n, 20_000_000n);
    await f.reconcile();
  });

  it('never sells units reserved by the investor’s open sell orders', async () => {
    const seller = await f.investor(1_100_000n);
    const { property } = await f.fundedProperty(GAIN_VALUATION, [{ inv: seller, amount: 1_000_000n }]);
    // 9 of the 10 shares are in an open sell order (3 already filled of 12), 1 is free.
    await database.db.execute(
      sql`insert into exchange_orders (user_id, property_id, side, units, filled_units, price, status)
          values (${seller.id}, ${property.id}, 'sell', 120000, 30000, 110000, 'partially_filled')`,
    );
    const before = await snapshot(database.db);
    const refused = await sell(seller, property.id, 20_000n);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: 'not_enough_units', message: exchangeMessages.notEnoughUnits('1') });
    expect(await snapshot(database.db)).toEqual(before);
    expect((await sell(seller, property.id, 10_000n)).status).toBe(201);
    expect((await sell(seller, property.id, 1n)).status).toBe(422);
    await f.reconcile();
  });

  it('never spends more than the budget when many investors sell at once, and a repeated key sells once', async () => {
    const sellers = await Promise.all(Array.from({ length: 10 }, () => f.investor(1_100_000n)));
    const { property } = await f.fundedProperty(GAIN_VALUATION, sellers.map((inv) => ({ inv, amount: 1_000_000n })));
    await f.setBudget(1_000_000_000n, 6n * 539_000n);
    const results = await Promise.all(sellers.map((inv) => sell(inv, property.id, FIVE_SHARES)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(6);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.error === 'pool_budget_exhausted')).toBe(true);
    expect(await f.holding(poolId, property.id)).toEqual({ units: 6n * FIVE_SHARES, cost: 6n * 539_000n });

    await f.setBudget(1_000_000_000n, 10n * 539_000n);
    const twice = await Promise.all([sell(sellers[0], property.id, 10_000n, 'same-key'), sell(sellers[0], property.id, 10_000n, 'same-key')]);
    expect(twice.map((r) => r.status).sort()).toEqual(expect.arrayContaining([201]));
    const [n] = await q<{ n: string }>(database.db, sql`select count(*)::text as n from exchange_trades where seller_id = ${sellers[0].id} and units = 10000`);
    expect(n.n).toBe('1');
    await f.setBudget(100_000_000n, 20_000_000n);
    await f.reconcile();
  });

  describe('bad input', () => {
    it('answers 4xx, never 5xx, for malformed ids, units and properties that cannot be sold', async () => {
      const seller = await f.investor(1_100_000n);
      const { property } = await f.fundedProperty(GAIN_VALUATION, [{ inv: seller, amount: 100_000n }]);
      const before = await snapshot(database.db);
      for (const propertyId of ['', 'nope', '00000000-0000-0000-0000-000000000000', "'; drop table users; --", 'x'.repeat(101), 42]) {
        const r = await seller.client.request('POST', '/api/exchange/pool/sell', { propertyId, units: 10 });
        expect([400, 404], String(propertyId)).toContain(r.status);
      }
      for (const units of [0, -5, 1.5, '1e3', 'abc', null, '99999999999999999999999', 2 ** 60]) {
        const r = await seller.client.request('POST', '/api/exchange/pool/sell', { propertyId: property.id, units });
        expect(r.status, String(units)).toBe(400);
      }
      // More than held.
      expect((await seller.client.json<{ error: string }>('POST', '/api/exchange/pool/sell', { propertyId: property.id, units: 10_001 })).body.error).toBe('not_enough_units');
      // Not funded (open for funding, or exited): not tradable.
      await database.db.execute(sql`update properties set status = 'funding' where id = ${property.id}`);
      expect((await seller.client.json<{ error: string }>('POST', '/api/exchange/pool/sell', { propertyId: property.id, units: 10 })).body.error).toBe('not_tradable');
      await database.db.execute(sql`update properties set status = 'funded' where id = ${property.id}`);
      // Trading halted.
      await database.db.execute(sql`insert into exchange_markets (property_id, halted, halt_reason) values (${property.id}, true, 'Revaluation')`);
      expect((await seller.client.json<{ error: string; message: string }>('POST', '/api/exchange/pool/sell', { propertyId: property.id, units: 10 })).body).toMatchObject({
        error: 'trading_halted',
        message: exchangeMessages.halted(property.title),
      });
      await database.db.execute(sql`update exchange_markets set halted = false where property_id = ${property.id}`);
      // Identity not verified.
      await database.db.execute(sql`update users set kyc_status = 'pending' where id = ${seller.id}`);
      expect((await seller.client.json<{ error: string }>('POST', '/api/exchange/pool/sell', { propertyId: property.id, units: 10 })).body.error).toBe('kyc_required');
      await database.db.execute(sql`update users set kyc_status = 'approved' where id = ${seller.id}`);
      // A malformed Idempotency-Key.
      expect((await seller.client.request('POST', '/api/exchange/pool/sell', { propertyId: property.id, units: 10 }, { headers: { 'idempotency-key': 'a b' } })).status).toBe(400);
      expect(await snapshot(database.db)).toEqual(before);
      await f.reconcile();
    });
  });

  it('resells what the pool holds on the exchange: the buyer pays, the inventory is relieved at cost, the result is the pool’s, no wallet of the pool', async () => {
    await f.setBudget(100_000_000n, 20_000_000n);
    const seller = await f.investor(1_100_000n);
    const buyer = await f.investor(2_000_000n);
    const { property } = await f.fundedProperty(GAIN_VALUATION, [{ inv: seller, amount: 1_000_000n }]);
    expect((await sell(seller, property.id, FIVE_SHARES)).status).toBe(201);
    const [pool] = await q<{ id: string }>(database.db, sql`select id from users where email = ${POOL_EMAIL}`);
    const poolBefore = await f.holding(pool.id, property.id);
    expect(poolBefore.units).toBe(FIVE_SHARES);

    // Only admins offer the pool's units; the price band applies (valuation AED 1,100 a share).
    expect((await seller.client.request('POST', '/api/admin/exchange/pool/orders', { propertyId: property.id, units: 10_000, price: 110_000 })).status).toBe(403);
    const offer = await admin.json<{ id: string; status: string; error?: string }>('POST', '/api/admin/exchange/pool/orders', { propertyId: property.id, units: 20_000, price: 112_000 });
    expect(offer.status, JSON.stringify(offer.body)).toBe(201);
    const buyerBefore = await f.available(buyer.id);
    const take = await buyer.client.json<{ status: string; fills: { gross: string }[] }>('POST', '/api/exchange/orders', { propertyId: property.id, side: 'buy', units: 20_000, price: 112_000 });
    expect(take.body).toMatchObject({ status: 'filled' });
    expect(take.body.fills[0].gross).toBe('224000');
    expect((await f.available(buyer.id)).available).toBe(buyerBefore.available - 224_000n);
    const poolAfter = await f.holding(pool.id, property.id);
    expect(poolAfter.units).toBe(FIVE_SHARES - 20_000n);
    expect(poolAfter.cost).toBeLessThan(poolBefore.cost);
    const [w] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from wallet_transactions where user_id = ${pool.id}`);
    expect(w.n).toBe(0);
    const [t] = await q<{ early: string; perf: string; net: string; gross: string }>(
      database.db,
      sql`select early_exit_fee::text as early, performance_fee::text as perf, net::text, gross::text from exchange_trades where seller_id = ${pool.id} and venue = 'order'`,
    );
    expect(t).toEqual({ early: '0', perf: '0', net: '224000', gross: '224000' });
    await f.reconcile();
  });
});
