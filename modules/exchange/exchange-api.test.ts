import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { createSandboxProvider } from '@modules/payments';
import { SHARE_SCALE } from '@modules/properties/contract';
import { q } from '@modules/wallet';
import type { ReconciliationJson } from '@modules/investing/contract';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase, snapshot } from '@modules/investing/test-helpers';
import type { BookJson, ExchangeHoldingJson, OrderJson, OrderResultJson, QuoteJson, TradeJson } from './contract';
import { placeOrder } from './orders';

const S = SHARE_SCALE;
/** AED 1,000 a share (the test properties' price and valuation). */
const P = 100_000n;

describeEachDb('exchange API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const investor = async (fils: bigint) => {
    const inv = await createInvestor(database.db);
    if (fils > 0n) await fundWallet(database.db, inv.id, (fils * 10_000n) / (10_000n - 53n) + 1n, provider);
    return { ...inv, client: clientWith(app, inv.token) };
  };
  /** A funded property whose holders bought `shares` each through the API (so their lots are real). */
  const market = async (holders: { shares: bigint }[]) => {
    const property = await createProperty(database.db, { shares: 1000n, sharePrice: P });
    const people = [];
    for (const h of holders) {
      const inv = await investor(h.shares * P * 2n + 500_000n);
      if (h.shares > 0n) {
        const r = await inv.client.json<{ units: string }>('POST', '/api/investments', { propertyId: property.id, amount: Number(h.shares * P) });
        expect(r.status).toBe(201);
        expect(BigInt(r.body.units)).toBe(h.shares * S);
      }
      people.push(inv);
    }
    await database.db.execute(sql`update properties set status = 'funded' where id = ${property.id}`);
    return { property, people };
  };
  const available = async (userId: string) => {
    const [w] = await q<{ a: string; held: string }>(database.db, sql`select (balance - held)::text as a, held::text from wallets where user_id = ${userId}`);
    return { available: BigInt(w.a), held: BigInt(w.held) };
  };
  const units = async (userId: string, propertyId: string) => {
    const [h] = await q<{ units: string }>(database.db, sql`select units::text from holdings where user_id = ${userId} and property_id = ${propertyId}`);
    return BigInt(h?.units ?? '0');
  };
  const reconcile = async () => {
    const r = await admin.json<ReconciliationJson>('GET', '/api/admin/reconciliation');
    expect(r.body).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
  };
  const order = async (c: TestClient, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await c.request('POST', '/api/exchange/orders', body, { headers });
    return { status: res.status, body: (await res.json()) as OrderResultJson & { error?: string; message?: string } };
  };

  it('matches a buy against the best ask at the ask price, partly fills the sell, settles units, cash, fees and the ledger', async () => {
    const { property, people } = await market([{ shares: 5n }, { shares: 0n }]);
    const [seller, buyer] = people;
    const sellerBefore = await available(seller.id);
    const buyerBefore = await available(buyer.id);

    const ask = await order(seller.client, { propertyId: property.id, side: 'sell', units: String(2n * S), price: Number(P) });
    expect(ask.status).toBe(201);
    expect(ask.body).toMatchObject({ status: 'open', filledUnits: '0', fills: [] });

    const book = await buyer.client.json<BookJson>('GET', `/api/exchange/properties/${property.id}/book`);
    expect(book.body).toMatchObject({ asks: [{ price: String(P), units: String(2n * S) }], bids: [], lastPrice: null });

    // The buyer bids above the ask: the trade is at the ask (the resting order's price).
    const bid = await order(buyer.client, { propertyId: property.id, side: 'buy', units: Number(S), price: Number(P + 5_000n) }, { 'idempotency-key': 'bid-1' });
    expect(bid.status).toBe(201);
    expect(bid.body).toMatchObject({ status: 'filled', filledUnits: String(S), heldCash: '0' });
    expect(bid.body.fills).toHaveLength(1);
    expect(bid.body.fills[0]).toMatchObject({ units: String(S), price: String(P), gross: String(P) });
    // A repeat with the same key answers the same order and trades nothing more.
    const again = await order(buyer.client, { propertyId: property.id, side: 'buy', units: Number(S), price: Number(P + 5_000n) }, { 'idempotency-key': 'bid-1' });
    expect(again.body.id).toBe(bid.body.id);

    expect(await units(seller.id, property.id)).toBe(4n * S);
    expect(await units(buyer.id, property.id)).toBe(S);
    // The buyer paid the gross and holds nothing any more; the seller got the net of 0.5% early exit fee + VAT (no profit, no performance fee).
    expect(await available(buyer.id)).toEqual({ available: buyerBefore.available - P, held: 0n });
    const fee = (P * 50n) / 10_000n;
    const vat = (fee * 500n) / 10_000n;
    expect((await available(seller.id)).available).toBe(sellerBefore.available + P - fee - vat);

    const trades = await seller.client.json<{ items: TradeJson[] }>('GET', '/api/exchange/trades');
    expect(trades.body.items[0]).toMatchObject({ side: 'sell', units: String(S), gross: String(P), earlyExitFee: String(fee), performanceFee: '0', vat: String(vat), net: String(P - fee - vat) });
    expect(trades.body.items[0].journalReference).toMatch(/^JE-/);
    const mine = await seller.client.json<{ items: OrderJson[] }>('GET', '/api/exchange/orders');
    expect(mine.body.items[0]).toMatchObject({ id: ask.body.id, status: 'partially_filled', filledUnits: String(S), remainingUnits: String(S) });
    const after = await buyer.client.json<BookJson>('GET', `/api/exchange/properties/${property.id}/book`);
    expect(after.body).toMatchObject({ asks: [{ price: String(P), units: String(S) }], lastPrice: String(P) });
    await reconcile();
  });

  it('fills by price then time, never against the investor’s own orders', async () => {
    const { property, people } = await market([{ shares: 3n }, { shares: 3n }, { shares: 0n }]);
    const [first, second, buyer] = people;
    const a = await order(first.client, { propertyId: property.id, side: 'sell', units: Number(S), price: Number(P) });
    const b = await order(second.client, { propertyId: property.id, side: 'sell', units: Number(S), price: Number(P) });
    const cheaper = await order(second.client, { propertyId: property.id, side: 'sell', units: Number(S), price: Number(P - 1_000n) });
    expect(cheaper.status, JSON.stringify(cheaper.body)).toBe(201);
    // The cheaper ask first, then the earlier of the two at the same price.
    const buy = await order(buyer.client, { propertyId: property.id, side: 'buy', units: Number(2n * S), price: Number(P) });
    expect(buy.body.fills.map((f) => f.price)).toEqual([String(P - 1_000n), String(P)]);
    const orders = await admin.json<unknown>('GET', '/api/admin/reconciliation');
    expect(orders.status).toBe(200);
    const [stA, stB, stC] = await Promise.all(
      [a, b, cheaper].map(async (o) => (await q<{ status: string }>(database.db, sql`select status from exchange_orders where id = ${o.body.id}`))[0].status),
    );
    expect([stA, stB, stC]).toEqual(['filled', 'open', 'filled']);

    // The second seller's own bid at their ask's price does not trade with it: both rest.
    const self = await order(second.client, { propertyId: property.id, side: 'buy', units: Number(S), price: Number(P) });
    expect(self.body).toMatchObject({ status: 'open', fills: [] });
    await reconcile();
  });

  it('refuses what cannot be: more units than free, more than the wallet, outside the band, a halted market — changing nothing', async () => {
    const { property, people } = await market([{ shares: 2n }, { shares: 0n }]);
    const [seller, poor] = people;
    expect((await order(seller.client, { propertyId: property.id, side: 'sell', units: Number(S), price: Number(P) })).status).toBe(201);
    const before = await snapshot(database.db);
    const tooMany = await order(seller.client, { propertyId: property.id, side: 'sell', units: Number(2n * S), price: Number(P) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ error: 'not_enough_units', message: 'You can sell at most 1 shares of this property: the rest are already in open sell orders or not yours.' });
    const broke = await order(poor.client, { propertyId: property.id, side: 'buy', units: Number(100n * S), price: Number(P) });
    expect(broke.status).toBe(422);
    expect(broke.body.error).toBe('insufficient_funds');
    const band = await order(seller.client, { propertyId: property.id, side: 'sell', units: Number(S / 2n), price: Number(P * 2n) });
    expect(band.status).toBe(422);
    expect(band.body).toMatchObject({ error: 'price_out_of_band', message: 'The price must be within the band around the latest valuation: from AED 800.00 to AED 1,200.00 a share.' });
    for (const bad of [{ units: -1 }, { units: 0 }, { units: 1.5 }, { price: 'abc' }, { side: 'hold' }, { units: '99999999999999999999999' }, { timeInForce: 'gtd' }, { propertyId: 'nope' }]) {
      const r = await order(seller.client, { propertyId: property.id, side: 'sell', units: Number(S), price: Number(P), ...bad });
      expect(r.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(r.status, JSON.stringify(bad)).toBeLessThan(500);
    }
    await database.db.execute(sql`update exchange_markets set halted = true, halt_reason = 'Valuation under review' where property_id = ${property.id}`);
    const halted = await order(seller.client, { propertyId: property.id, side: 'sell', units: Number(S / 2n), price: Number(P) });
    expect(halted.status).toBe(409);
    expect(halted.body.error).toBe('trading_halted');
    await database.db.execute(sql`update exchange_markets set halted = false where property_id = ${property.id}`);
    expect({ ...(await snapshot(database.db)), keys: before.keys }).toEqual(before);
    // A property still funding does not trade.
    const funding = await createProperty(database.db);
    expect((await order(seller.client, { propertyId: funding.id, side: 'buy', units: Number(S), price: Number(P) })).body.error).toBe('not_tradable');
  });

  it('holds a buy order’s cost, releases it on cancel, and frees a sell order’s units', async () => {
    const { property, people } = await market([{ shares: 2n }, { shares: 0n }]);
    const [seller, buyer] = people;
    const start = await available(buyer.id);
    const bid = await order(buyer.client, { propertyId: property.id, side: 'buy', units: Number(S), price: Number(P - 2_000n) });
    expect(bid.body).toMatchObject({ status: 'open', heldCash: String(P - 2_000n) });
    expect(await available(buyer.id)).toEqual({ available: start.available - (P - 2_000n), held: P - 2_000n });
    const cancelled = await buyer.client.json<OrderJson>('DELETE', `/api/exchange/orders/${bid.body.id}`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', heldCash: '0' });
    expect(await available(buyer.id)).toEqual(start);
    expect((await buyer.client.json<{ error: string }>('DELETE', `/api/exchange/orders/${bid.body.id}`)).body.error).toBe('order_closed');
    expect((await seller.client.request('DELETE', `/api/exchange/orders/${bid.body.id}`)).status).toBe(404);

    const ask = await order(seller.client, { propertyId: property.id, side: 'sell', units: Number(2n * S), price: Number(P) });
    const portfolio = await seller.client.json<{ holdings: { property: { id: string }; units: string; reservedUnits: string }[] }>('GET', '/api/portfolio');
    expect(portfolio.body.holdings.find((h) => h.property.id === property.id)).toMatchObject({ units: String(2n * S), reservedUnits: String(2n * S) });
    const holdings = await seller.client.json<{ items: ExchangeHoldingJson[] }>('GET', '/api/exchange/holdings');
    expect(holdings.body.items.find((h) => h.propertyId === property.id)).toMatchObject({ units: String(2n * S), reservedUnits: String(2n * S), freeUnits: '0' });
    await seller.client.request('DELETE', `/api/exchange/orders/${ask.body.id}`);
    const freed = await seller.client.json<{ items: ExchangeHoldingJson[] }>('GET', '/api/exchange/holdings');
    expect(freed.body.items.find((h) => h.propertyId === property.id)).toMatchObject({ reservedUnits: '0', freeUnits: String(2n * S) });
    await reconcile();
  });

  it('quotes a sale with each fee before it is placed, and expires good-till-date orders after their day', async () => {
    const { property, people } = await market([{ shares: 2n }, { shares: 0n }]);
    const [seller, buyer] = people;
    const quote = await seller.client.json<QuoteJson>('POST', '/api/exchange/quote', { propertyId: property.id, side: 'sell', units: Number(S), price: Number(P + 10_000n) });
    expect(quote.status).toBe(200);
    const gross = P + 10_000n;
    const early = (gross * 50n) / 10_000n;
    const perf = (10_000n * 20n) / 10_000n;
    expect(quote.body).toMatchObject({ gross: String(gross), earlyExitFee: String(early), performanceFee: String(perf), problems: [] });
    expect(BigInt(quote.body.net)).toBe(gross - early - perf - ((early + perf) * 500n) / 10_000n);

    const tomorrow = new Date(Date.now() + 86_400_000 + 4 * 3_600_000).toISOString().slice(0, 10);
    const gtd = await order(buyer.client, { propertyId: property.id, side: 'buy', units: Number(S), price: Number(P - 5_000n), timeInForce: 'gtd', expiresOn: tomorrow });
    expect(gtd.status).toBe(201);
    const held = (await available(buyer.id)).held;
    expect(held).toBe(P - 5_000n);
    // Two days later, the next order on the property sweeps it: expired, its hold released.
    await placeOrder(database.db, seller.id, { propertyId: property.id, side: 'sell', units: S / 2n, price: P + 1_000n, timeInForce: 'gtc' }, { now: new Date(Date.now() + 3 * 86_400_000) });
    const [st] = await q<{ status: string }>(database.db, sql`select status from exchange_orders where id = ${gtd.body.id}`);
    expect(st.status).toBe('expired');
    expect((await available(buyer.id)).held).toBe(0n);
    await reconcile();
  });

  it('keeps the 48-hour cancellation to primary purchases: units offered on the exchange cannot be cancelled back', async () => {
    const { property, people } = await market([{ shares: 3n }]);
    const [seller] = people;
    const [inv] = await q<{ id: string }>(database.db, sql`select id from investments where user_id = ${seller.id} and property_id = ${property.id}`);
    await order(seller.client, { propertyId: property.id, side: 'sell', units: Number(2n * S), price: Number(P) });
    const before = await snapshot(database.db);
    const refused = await seller.client.json<{ error: string; message: string }>('POST', `/api/investments/${inv.id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('cancel those orders first');
    expect({ ...(await snapshot(database.db)), keys: before.keys }).toEqual(before);
  });

  it('counts exchange trades in the dashboard’s value over time: the buyer’s units in, the seller’s out at their cost', async () => {
    const { property, people } = await market([{ shares: 5n }, { shares: 0n }]);
    const [seller, buyer] = people;
    const point = async (c: TestClient) => {
      const d = await c.json<{ valueOverTime: { invested: string; value: string }[] }>('GET', '/api/dashboard');
      return d.body.valueOverTime.at(-1)!;
    };
    const before = await point(seller.client);
    expect(before.invested).toBe(String(5n * P));
    await order(seller.client, { propertyId: property.id, side: 'sell', units: Number(2n * S), price: Number(P) });
    await order(buyer.client, { propertyId: property.id, side: 'buy', units: Number(2n * S), price: Number(P) });
    expect(await point(seller.client)).toMatchObject({ invested: String(3n * P), value: String(3n * P) });
    expect(await point(buyer.client)).toMatchObject({ invested: String(2n * P), value: String(2n * P) });
  });
});
