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
import type { PoolSaleJson } from './contract';
import { splitProRata } from './exit';
import type { ExitJson, PoolJson } from './pool-contract';
import { POOL_EMAIL } from './pool-setup';
import { poolFixtures } from './pool-test-helpers';

describe('splitProRata', () => {
  it('gives the fils left over to the largest remainders, so the shares add up exactly', () => {
    const h = (userId: string, units: bigint) => ({ userId, units });
    // 100 × 1/6, 2/6, 3/6 = 16.67, 33.33, 50: the first has the largest remainder.
    expect(splitProRata(100n, [h('a', 1n), h('b', 2n), h('c', 3n)])).toEqual([17n, 33n, 50n]);
    // Equal remainders: more units first, then the earlier user id.
    expect(splitProRata(100n, [h('b', 1n), h('a', 1n), h('c', 1n)])).toEqual([33n, 34n, 33n]);
    expect(splitProRata(2n, [h('a', 1n), h('b', 1n), h('c', 1n)])).toEqual([1n, 1n, 0n]);
    expect(splitProRata(10n, [h('a', 3n), h('b', 3n), h('c', 4n)])).toEqual([3n, 3n, 4n]);
    expect(() => splitProRata(10n, [])).toThrow(RangeError);
  });
});

describeEachDb('Property exit API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
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

  const exit = (body: Record<string, unknown>) => admin.json<ExitJson & { error?: string; message?: string }>('POST', '/api/admin/exchange/exits', body);

  it('pays every holder pro rata to the fil, cancels open orders, closes holdings and exits the property', async () => {
    const [a, b, c] = [await f.investor(400_000n), await f.investor(400_000n), await f.investor(250_000n)];
    const bidder = await f.investor(300_000n);
    const { property } = await f.fundedProperty(100_000_000n, [
      { inv: a, amount: 333_330n },
      { inv: b, amount: 333_340n },
      { inv: c, amount: 200_010n },
    ]);
    // The pool buys part of C's holding, so it is a holder too.
    await f.setBudget(100_000_000n, 50_000_000n);
    const poolSale = await c.client.json<PoolSaleJson>('POST', '/api/exchange/pool/sell', { propertyId: property.id, units: 10_001 });
    expect(poolSale.status).toBe(201);
    const [pool] = await q<{ id: string }>(database.db, sql`select id from users where email = ${POOL_EMAIL}`);
    // An open buy order (its cash held) from someone who holds nothing, and an open sell order of A's.
    await database.db.execute(sql`update wallets set held = held + 100000 where user_id = ${bidder.id}`);
    const [buyOrder] = await q<{ id: string }>(
      database.db,
      sql`insert into exchange_orders (user_id, property_id, side, units, price, held_cash) values (${bidder.id}, ${property.id}, 'buy', 10000, 100000, 100000) returning id`,
    );
    const [sellOrder] = await q<{ id: string }>(
      database.db,
      sql`insert into exchange_orders (user_id, property_id, side, units, price) values (${a.id}, ${property.id}, 'sell', 10000, 120000) returning id`,
    );
    const bidderBefore = await f.available(bidder.id);
    expect(bidderBefore.held).toBe(100_000n);
    const walletsBefore = await Promise.all([a, b, c].map((x) => f.available(x.id)));
    await f.reconcile();

    const units = [33_333n, 33_334n, 10_000n, 10_001n];
    const ids = [a.id, b.id, c.id, pool.id];
    for (const [i, id] of ids.entries()) expect((await f.holding(id, property.id)).units).toBe(units[i]);
    const salePrice = 1_234_567_891n;
    const sellingCosts = 34_567_890n;
    const net = salePrice - sellingCosts;
    const saleDate = addDays(todayInDubai(), -2);

    const r = await exit({ propertyId: property.id, salePrice: salePrice.toString(), sellingCosts: Number(sellingCosts), saleDate });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const e = r.body;
    expect(e).toMatchObject({ propertyId: property.id, title: property.title, salePrice: String(salePrice), sellingCosts: String(sellingCosts), saleDate, netProceeds: String(net), holders: 4, status: 'settled' });

    // Σ gross = net proceeds exactly; each gross is its exact share rounded down, or up by one fil for the largest remainders.
    const total = units.reduce((s, u) => s + u, 0n);
    const items = ids.map((id) => e.items.find((x) => x.userId === id)!);
    const gross = items.map((x) => BigInt(x.gross));
    expect(gross.reduce((s, g) => s + g, 0n)).toBe(net);
    const extra = gross.map((g, i) => g - (net * units[i]) / total);
    extra.forEach((x) => expect([0n, 1n]).toContain(x));
    const rems = units.map((u) => (net * u) % total);
    const up = rems.filter((_, i) => extra[i] === 1n);
    const down = rems.filter((_, i) => extra[i] === 0n);
    expect(up.length).toBeGreaterThan(0);
    expect(down.length).toBeGreaterThan(0);
    for (const u of up) for (const d of down) expect(u >= d).toBe(true);
    // Σ paid + fees = net proceeds, to the fil.
    expect(BigInt(e.paid) + BigInt(e.performanceFees) + BigInt(e.vat)).toBe(net);
    // The performance fee is 0.20% of each investor's profit (their cost is what they paid); the pool pays no fees.
    const costs = [333_330n, 333_340n, 100_000n];
    items.slice(0, 3).forEach((x, i) => {
      const profit = BigInt(x.gross) - costs[i];
      expect(BigInt(x.performanceFee)).toBe((profit * 20n + 5_000n) / 10_000n);
      expect(BigInt(x.net)).toBe(BigInt(x.gross) - BigInt(x.performanceFee) - BigInt(x.vat));
    });
    expect(items[3]).toMatchObject({ performanceFee: '0', vat: '0', net: items[3].gross });

    // Wallets credited net; the bidder's hold released; orders cancelled; holdings closed; property exited.
    for (const [i, x] of [a, b, c].entries()) expect((await f.available(x.id)).available - walletsBefore[i].available).toBe(BigInt(items[i].net));
    expect(await f.available(bidder.id)).toEqual({ available: bidderBefore.available + 100_000n, held: 0n });
    const orders = await q<{ id: string; status: string; cancel_reason: string; held_cash: string; closed: boolean }>(
      database.db,
      sql`select id, status, cancel_reason, held_cash::text, closed_at is not null as closed from exchange_orders where property_id = ${property.id} order by id`,
    );
    expect(orders.map(({ id: _id, ...o }) => o)).toEqual([
      { status: 'cancelled', cancel_reason: 'Property sold', held_cash: '0', closed: true },
      { status: 'cancelled', cancel_reason: 'Property sold', held_cash: '0', closed: true },
    ]);
    expect(orders.map((o) => o.id).sort()).toEqual([buyOrder.id, sellOrder.id].sort());
    const [held] = await q<{ units: string; cost: string }>(database.db, sql`select sum(units)::text as units, sum(cost)::text as cost from holdings where property_id = ${property.id}`);
    expect(held).toEqual({ units: '0', cost: '0' });
    const [p] = await q<{ status: string }>(database.db, sql`select status from properties where id = ${property.id}`);
    expect(p.status).toBe('exited');
    const trades = await q<{ venue: string; buyer_id: string | null; n: string }>(
      database.db,
      sql`select venue, buyer_id, count(*)::text as n from exchange_trades where property_id = ${property.id} and venue = 'exit' group by venue, buyer_id`,
    );
    expect(trades).toEqual([{ venue: 'exit', buyer_id: null, n: '4' }]);
    // The property's account and the pool's inventory are back to zero; the books reconcile.
    const [balances] = await q<{ property: string; pool: string }>(
      database.db,
      sql`select coalesce(sum(b.credit - b.debit) filter (where a.code = ${`1500-${property.reference}`}), 0)::text as property,
                 coalesce(sum(b.debit - b.credit) filter (where a.code = '1550'), 0)::text as pool
            from ledger_balances b join ledger_accounts a on a.id = b.account_id`,
    );
    expect(balances).toEqual({ property: '0', pool: '0' });
    await f.reconcile();
    const poolView = (await admin.json<PoolJson>('GET', '/api/admin/exchange/pool')).body;
    expect(poolView.holdings).toEqual([]);
    expect(poolView.realisedPnl).toBe(String(BigInt(items[3].gross) - BigInt(poolSale.body.gross)));

    // Every holder is told, with a link to their statement; the bidder is told their order went.
    for (const x of [a, b, c]) {
      const [n] = await q<{ title: string; link: string }>(database.db, sql`select title, link from notifications where user_id = ${x.id} order by created_at desc limit 1`);
      expect(n).toEqual({ title: `${property.title} has been sold`, link: `/api/exchange/exits/${e.id}/statement` });
    }
    const [told] = await q<{ title: string }>(database.db, sql`select title from notifications where user_id = ${bidder.id} order by created_at desc limit 1`);
    expect(told.title).toBe('Order cancelled: property sold');

    // The statement: a PDF for a holder, nothing for anyone else.
    const pdf = await a.client.request('GET', `/api/exchange/exits/${e.id}/statement`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect((await bidder.client.request('GET', `/api/exchange/exits/${e.id}/statement`)).status).toBe(404);
    expect((await new TestClient(app).request('GET', `/api/exchange/exits/${e.id}/statement`)).status).toBe(401);

    // The admin reads it back; a second exit of the same property is refused with nothing changed.
    const again = await admin.json<ExitJson>('GET', `/api/admin/exchange/exits/${e.id}`);
    expect(again.body).toEqual(e);
    const before = await snapshot(database.db);
    const second = await exit({ propertyId: property.id, salePrice: 100, sellingCosts: 0, saleDate });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('property_already_exited');
    expect(await snapshot(database.db)).toEqual(before);
    // The pool can no longer buy it.
    expect((await b.client.json<{ error: string }>('POST', '/api/exchange/pool/quote', { propertyId: property.id, units: 1 })).body.error).toBe('not_tradable');
  });

  it('refuses bad exits with a clear 4xx and nothing changed', async () => {
    const inv = await f.investor(300_000n);
    const { property } = await f.fundedProperty(100_000_000n, [{ inv, amount: 200_000n }]);
    const before = await snapshot(database.db);
    expect((await new TestClient(app).request('POST', '/api/admin/exchange/exits', { propertyId: property.id, salePrice: 1, sellingCosts: 0, saleDate: '2026-01-01' })).status).toBe(401);
    expect((await inv.client.request('POST', '/api/admin/exchange/exits', { propertyId: property.id, salePrice: 1, sellingCosts: 0, saleDate: '2026-01-01' })).status).toBe(403);
    const day = addDays(todayInDubai(), -1);
    const bad: Record<string, unknown>[] = [
      {},
      { propertyId: property.id, salePrice: 0, sellingCosts: 0, saleDate: day },
      { propertyId: property.id, salePrice: 100, sellingCosts: 100, saleDate: day },
      { propertyId: property.id, salePrice: -5, sellingCosts: 0, saleDate: day },
      { propertyId: property.id, salePrice: 1.5, sellingCosts: 0, saleDate: day },
      { propertyId: property.id, salePrice: '1e9', sellingCosts: 0, saleDate: day },
      { propertyId: property.id, salePrice: 100, sellingCosts: 0, saleDate: '2025-02-30' },
      { propertyId: property.id, salePrice: 100, sellingCosts: 0, saleDate: '25-01-01' },
      { propertyId: property.id, salePrice: 100, sellingCosts: 0, saleDate: addDays(todayInDubai(), 1) },
      { propertyId: property.id, salePrice: '99999999999999999999', sellingCosts: 0, saleDate: day },
    ];
    for (const body of bad) expect((await exit(body)).status, JSON.stringify(body)).toBe(400);
    for (const propertyId of ['nope', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      const r = await exit({ propertyId, salePrice: 100, sellingCosts: 0, saleDate: day });
      expect(r.status, propertyId).toBe(404);
    }
    await database.db.execute(sql`update properties set status = 'funding' where id = ${property.id}`);
    const funding = await exit({ propertyId: property.id, salePrice: 100, sellingCosts: 0, saleDate: day });
    expect(funding.status).toBe(422);
    expect(funding.body.error).toBe('property_not_funded');
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', 'x'.repeat(64)]) {
      expect((await admin.request('GET', `/api/admin/exchange/exits/${id}`)).status, id).toBe(404);
      expect((await inv.client.request('GET', `/api/exchange/exits/${id}/statement`)).status, id).toBe(404);
    }
    expect((await admin.request('GET', `/api/admin/exchange/exits/${'x'.repeat(65)}`)).status).toBe(400);
    expect(await snapshot(database.db)).toEqual(before);
    await f.reconcile();
  });
});
