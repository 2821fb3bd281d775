import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { parseCsv } from '@tests/helpers/admin-session';
import { describeEachDb } from '@tests/helpers/db';
import { createSandboxProvider } from '@modules/payments';
import { SHARE_SCALE } from '@modules/properties/contract';
import { q } from '@modules/wallet';
import { invest } from '@modules/investing';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase } from '@modules/investing/test-helpers';
import type { AdminMarketJson, AdminOrderJson, FeeIncomeJson, SurveillanceJson } from './admin';
import type { OrderResultJson, TradeJson } from './contract';

const S = SHARE_SCALE;
const P = 100_000n;

describeEachDb('exchange admin API', (kind) => {
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

  it('halts and resumes a market with a reason, lists and cancels orders with a reason (audited), lists trades with CSV, fees and surveillance', async () => {
    const property = await createProperty(database.db, { shares: 1000n, sharePrice: P, title: 'Ocean Heights Ünit' });
    const seller = await createInvestor(database.db, { firstName: 'Zoë' });
    const buyer = await createInvestor(database.db, { firstName: 'Karim' });
    for (const id of [seller.id, buyer.id]) await fundWallet(database.db, id, 3_000_000n, provider);
    await invest(database.db, seller.id, { propertyId: property.id, amount: 10n * P }, { notify: false });
    await database.db.execute(sql`update properties set status = 'funded' where id = ${property.id}`);
    const sc = clientWith(app, seller.token);
    const bc = clientWith(app, buyer.token);
    const ask = await sc.json<OrderResultJson>('POST', '/api/exchange/orders', { propertyId: property.id, side: 'sell', units: Number(3n * S), price: Number(P) });
    expect(ask.status).toBe(201);
    const fill = await bc.json<OrderResultJson>('POST', '/api/exchange/orders', { propertyId: property.id, side: 'buy', units: Number(S), price: Number(P) });
    expect(fill.body.status).toBe('filled');

    // Investors cannot use the operator's routes.
    for (const path of ['/api/admin/exchange/markets', '/api/admin/exchange/orders', '/api/admin/exchange/trades', '/api/admin/exchange/fees', '/api/admin/exchange/surveillance']) {
      expect((await sc.request('GET', path)).status, path).toBe(403);
    }

    const markets = await admin.json<{ items: AdminMarketJson[] }>('GET', '/api/admin/exchange/markets');
    const m = markets.body.items.find((x) => x.propertyId === property.id)!;
    expect(m).toMatchObject({ halted: false, bandBps: 2000, openOrders: 1, lastPrice: String(P), asks: [{ price: String(P), units: String(2n * S) }] });
    const halted = await admin.json<AdminMarketJson>('PUT', `/api/admin/exchange/markets/${property.id}`, { halted: true, reason: 'Valuation under review' });
    expect(halted.body).toMatchObject({ halted: true, haltReason: 'Valuation under review' });
    expect((await bc.json<{ error: string }>('POST', '/api/exchange/orders', { propertyId: property.id, side: 'buy', units: Number(S), price: Number(P) })).body.error).toBe('trading_halted');
    expect((await admin.json<AdminMarketJson>('PUT', `/api/admin/exchange/markets/${property.id}`, { halted: false, bandBps: 1000 })).body).toMatchObject({ halted: false, bandBps: 1000 });

    // Orders: accent-insensitive search by investor, filters, and cancel with a reason.
    const found = await admin.json<{ items: AdminOrderJson[]; total: number }>('GET', `/api/admin/exchange/orders?q=zoe&status=active&side=sell`);
    expect(found.body.total).toBe(1);
    expect(found.body.items[0]).toMatchObject({ id: ask.body.id, userId: seller.id, status: 'partially_filled' });
    expect(found.body.items[0].investor).toContain('Zoë');
    expect((await admin.request('DELETE', `/api/admin/exchange/orders/${ask.body.id}`, { reason: '' })).status).toBe(400);
    const cancelled = await admin.json<AdminOrderJson>('DELETE', `/api/admin/exchange/orders/${ask.body.id}`, { reason: 'Suspected error: price far from the valuation' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelReason: 'Suspected error: price far from the valuation' });
    const [audit] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from audit_log where action = 'exchange.order_cancelled' and entity_id = ${ask.body.id}`);
    expect(audit.n).toBe(1);

    const trades = await admin.json<{ items: TradeJson[]; total: number }>('GET', `/api/admin/exchange/trades?propertyId=${property.id}`);
    expect(trades.body.total).toBe(1);
    expect(trades.body.items[0].buyer).toContain('Karim');
    const csv = await admin.request('GET', `/api/admin/exchange/trades/export?propertyId=${property.id}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = parseCsv(await csv.text());
    expect(rows).toHaveLength(2);
    expect(rows[1][5]).toBe('1000.00');
    expect((await admin.request('GET', '/api/admin/exchange/orders?status=bogus')).status).toBe(400);
    expect((await admin.request('GET', '/api/admin/exchange/orders/export?side=sell')).headers.get('content-type')).toContain('text/csv');

    const fees = await admin.json<FeeIncomeJson>('GET', '/api/admin/exchange/fees');
    expect(fees.body.earlyExit).toBe(String((P * 50n) / 10_000n));
    expect(fees.body.byMonth.length).toBeGreaterThan(0);

    // Surveillance: three trades between the same two people in a week.
    for (let i = 0; i < 2; i++) {
      await sc.json('POST', '/api/exchange/orders', { propertyId: property.id, side: 'sell', units: Number(S / 10n), price: Number(P) });
      await bc.json('POST', '/api/exchange/orders', { propertyId: property.id, side: 'buy', units: Number(S / 10n), price: Number(P) });
    }
    const watch = await admin.json<{ items: SurveillanceJson[] }>('GET', '/api/admin/exchange/surveillance');
    expect(watch.body.items.some((w) => w.kind === 'same_parties' && w.propertyId === property.id && w.investors.length === 2)).toBe(true);
  });
});
