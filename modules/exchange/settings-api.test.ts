/**
 * Settings reach the calculations (issue #16): an admin's change effective today changes the next pool sale
 * quote (its discount, early exit fee and performance fee), the exchange's band and the SIP minimum (refused
 * quoting the new figure); a change dated later leaves today's quote alone; new display-currency rates reach
 * GET /api/settings/public with their date.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { createSandboxProvider } from '@modules/payments';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import type { PublicSettingsJson } from '@modules/settings/contract';
import type { PoolSaleJson, QuoteJson } from './contract';
import { poolFixtures } from './pool-test-helpers';

const FIVE_SHARES = 50_000n;
/** AED 1,100 a share. */
const VALUATION = 110_000_000n;

describeEachDb('settings reaching quotes', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  const f = poolFixtures(() => ({ database, app, admin, provider }));
  const today = todayInDubai();

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const change = async (key: string, value: string | number, effectiveFrom = today) => {
    const r = await admin.json('PUT', `/api/admin/settings/${key}`, { value, effectiveFrom, reason: 'Test of issue #16' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };

  it('prices a pool sale and an exchange sale at the fees and discount in force today, not at a later change', async () => {
    await f.setBudget(100_000_000n, 20_000_000n);
    const seller = await f.investor(1_100_000n);
    const { property } = await f.fundedProperty(VALUATION, [{ inv: seller, amount: 1_000_000n }]);
    const quote = () => seller.client.json<PoolSaleJson>('POST', '/api/exchange/pool/quote', { propertyId: property.id, units: FIVE_SHARES.toString() });

    // At the spec's defaults: AED 1,100 less 2% = AED 1,078 a share.
    expect((await quote()).body).toMatchObject({ price: '107800', gross: '539000', earlyExitFee: '2695', performanceFee: '78', discountBps: 200 });

    // A later change does not touch today's quote.
    await change('poolDiscountBps', 1000, addDays(today, 5));
    await change('earlyExitFeeBps', 300, addDays(today, 5));
    expect((await quote()).body).toMatchObject({ price: '107800', earlyExitFee: '2695', discountBps: 200 });

    // From today: a 5% discount, a 1% early exit fee and a 10% performance fee.
    await change('poolDiscountBps', 500);
    await change('earlyExitFeeBps', 100);
    await change('performanceFeeBps', 1000);
    const now = await quote();
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    // 5 shares × AED 1,045 = AED 5,225; 1% early = 52.25; profit 5,225 − 5,000 = 225 → 10% = 22.50; VAT 5% of 74.75 = 3.74 (half-even).
    expect(now.body).toMatchObject({ price: '104500', gross: '522500', earlyExitFee: '5225', performanceFee: '2250', vat: '374', net: '514651', discountBps: 500 });
    const pool = await admin.json<{ discountBps: number }>('GET', '/api/admin/exchange/pool');
    expect(pool.body.discountBps).toBe(500);

    // The order ticket's quote reads the same fees.
    const ticket = await seller.client.json<QuoteJson>('POST', '/api/exchange/quote', { propertyId: property.id, side: 'sell', units: Number(FIVE_SHARES), price: 110_000 });
    expect(ticket.status).toBe(200);
    // 5 × AED 1,100 = 5,500; 1% = 55; profit 500 → 10% = 50.
    expect(ticket.body).toMatchObject({ gross: '550000', earlyExitFee: '5500', performanceFee: '5000', problems: [] });

    // The band of a market without its own follows the band setting: ±5% refuses AED 1,200.
    await change('exchangeBandBps', 500);
    const outside = await seller.client.json<QuoteJson>('POST', '/api/exchange/quote', { propertyId: property.id, side: 'sell', units: Number(FIVE_SHARES), price: 120_000 });
    expect(outside.body.problems.join(' ')).toMatch(/AED 1,045.*AED 1,155/);
    const book = await seller.client.json<{ band: { bps: number } }>('GET', `/api/exchange/properties/${property.id}/book`);
    expect(book.body.band.bps).toBe(500);
    // A market given a band of its own keeps it.
    expect((await admin.json('PUT', `/api/admin/exchange/markets/${property.id}`, { bandBps: 3000 })).status).toBe(200);
    expect((await seller.client.json<{ band: { bps: number } }>('GET', `/api/exchange/properties/${property.id}/book`)).body.band.bps).toBe(3000);
    await database.db.execute(sql`update exchange_markets set band_bps = null where property_id = ${property.id}`);
  });

  it('refuses a SIP below the minimum in force, quoting it', async () => {
    const inv = await f.investor(0n);
    await change('sipMinimum', '30000');
    const low = await inv.client.json<{ error: string; message: string }>('POST', '/api/sip/plans', { amount: 25_000, dayOfMonth: 5, mode: 'automated' });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe('The monthly amount must be at least AED 300.');
    const preview = await inv.client.json<{ message: string }>('POST', '/api/sip/preview', { amount: 25_000, dayOfMonth: 5, mode: 'automated' });
    expect(preview.status).toBe(400);
    expect(preview.body.message).toBe('The monthly amount must be at least AED 300.');
    const ok = await inv.client.json<{ amount: string }>('POST', '/api/sip/plans', { amount: 30_000, dayOfMonth: 5, mode: 'automated' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect((await new TestClient(app).json<PublicSettingsJson>('GET', '/api/settings/public')).body.sipMinimum).toBe('30000');
  });

  it('serves the display-currency rates in force with their date; the spec rates until an admin changes one', async () => {
    const visitor = new TestClient(app);
    const before = (await visitor.json<PublicSettingsJson>('GET', '/api/settings/public')).body;
    expect(before).toMatchObject({ rates: { USD: '10000', AED: '36700', INR: '835000', EUR: '9300', GBP: '7900' }, ratesAsOf: null });
    await change('rateINR', '840000', addDays(today, 3));
    expect((await visitor.json<PublicSettingsJson>('GET', '/api/settings/public')).body.rates.INR).toBe('835000');
    await change('rateINR', '841234');
    expect((await visitor.json<PublicSettingsJson>('GET', '/api/settings/public')).body).toMatchObject({ rates: { INR: '841234', AED: '36700' }, ratesAsOf: today });
    for (const value of ['0', '-1', '8.5', '1000000001']) expect((await admin.json('PUT', '/api/admin/settings/rateEUR', { value })).status, value).toBe(400);
  });

  it('spends the liquidity pool budget in force: set from the exchange screen or /admin/settings, a later change waits for its day', async () => {
    // The exchange screen's budget is the two settings, changed from today.
    await f.setBudget(60_000_000n, 600_000n);
    const budgets = await admin.json<{ items: { key: string; value: string; effectiveFrom: string | null }[] }>('GET', '/api/admin/settings');
    expect(budgets.body.items.find((s) => s.key === 'poolPerPropertyBudget')).toMatchObject({ value: '600000', effectiveFrom: today });
    const seller = await f.investor(1_100_000n);
    const { property } = await f.fundedProperty(VALUATION, [{ inv: seller, amount: 1_000_000n }]);
    const quote = () => seller.client.json<PoolSaleJson & { error?: string }>('POST', '/api/exchange/pool/quote', { propertyId: property.id, units: FIVE_SHARES.toString() });
    // Five shares cost the pool more than AED 6,000 less what it already holds there (nothing): AED 5,390 fits.
    await change('poolDiscountBps', 200);
    expect((await quote()).status).toBe(200);
    // A lower per-property budget from next week does not refuse today's sale…
    await change('poolPerPropertyBudget', '100000', addDays(today, 7));
    expect((await quote()).status).toBe(200);
    // …one from today does, quoting what is left.
    await change('poolPerPropertyBudget', '100000');
    const refused = await quote();
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('pool_budget_exhausted');
    const pool = await admin.json<{ perPropertyBudget: string; totalBudget: string }>('GET', '/api/admin/exchange/pool');
    expect(pool.body).toMatchObject({ perPropertyBudget: '100000', totalBudget: '60000000' });
  });
});
