import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { createSandboxProvider } from '@modules/payments';
import { addMonths, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import { rateToBps, xirr } from '@modules/platform/xirr';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase } from '@modules/investing/test-helpers';
import { poolFixtures } from '@modules/exchange/pool-test-helpers';
import { q } from '@modules/wallet';
import type { IncomeCalendarJson, ReturnsJson, StatementJson, StatementsIndexJson } from './contract';
import { chargePlatformFee, noonInDubai, payDistribution } from './test-helpers';

/** The text pdfkit draws with the standard fonts: hex strings inside TJ arrays (uncompressed under Vitest). */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/\[([^\]]*)\]\s*TJ/g)) lines.push([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
  return lines.join('\n');
}

const TODAY = todayInDubai();
/** Two complete months: M (deposit, purchase, a paid fee) and M2 (distribution, sale, a partly paid fee). */
const M = addMonths(monthStart(TODAY), -2);
const M2 = addMonths(monthStart(TODAY), -1);
const day = (month: string, d: number) => `${month.slice(0, 8)}${String(d).padStart(2, '0')}`;

describeEachDb('Statements and returns API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  const f = poolFixtures(() => ({ database, app, admin, provider }));
  let layla: Awaited<ReturnType<typeof createInvestor>> & { client: TestClient };
  let omar: Awaited<ReturnType<typeof createInvestor>> & { client: TestClient };
  let a: { id: string };
  let b: { id: string };

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    const db = database.db;
    app = createApp({ db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    await db.execute(sql`update properties set status = 'funded' where status = 'funding'`);

    // Layla opens her account on the 1st of M and deposits AED 10,000 by UAE bank transfer (0.5% + 5% VAT) on the 3rd.
    const inv = await createInvestor(db, { firstName: 'Layla' });
    layla = { ...inv, client: clientWith(app, inv.token) };
    await db.execute(sql`update users set created_at = ${noonInDubai(day(M, 1)).toISOString()}::timestamptz where id = ${layla.id}`);
    await fundWallet(db, layla.id, 1_000_000n, provider);
    const d3 = noonInDubai(day(M, 3)).toISOString();
    await db.execute(sql`update wallet_deposits set created_at = ${d3}::timestamptz, confirmed_at = ${d3}::timestamptz where user_id = ${layla.id}`);
    await db.execute(sql`update wallet_transactions set created_at = ${d3}::timestamptz where user_id = ${layla.id}`);

    // Property A: 1,000 shares at AED 1,000; valued AED 110,000,000 on the 1st of M, AED 120,000,000 on the 20th of M2.
    a = await createProperty(db, { valuation: 120_000_000n, title: 'Marina Heights' });
    await db.execute(sql`update properties set valued_on = ${day(M2, 20)} where id = ${a.id}`);
    await db.execute(sql`insert into property_valuations (property_id, valued_on, valuation) values (${a.id}, ${day(M, 1)}, 110000000), (${a.id}, ${day(M2, 20)}, 120000000)`);
    // She buys 2 shares (AED 2,000) on the 5th of M.
    const bought = await f.buy(layla, a.id, 200_000n);
    expect(bought.units).toBe(20_000n);
    const d5 = noonInDubai(day(M, 5)).toISOString();
    await db.execute(sql`update investments set created_at = ${d5}::timestamptz where id = ${bought.id}`);
    await db.execute(sql`update wallet_transactions set created_at = ${d5}::timestamptz where user_id = ${layla.id} and kind = 'investment'`);
    await db.execute(sql`update properties set status = 'funded' where id = ${a.id}`);

    // A platform fee of AED 10 + VAT 0.50, paid from the wallet on the 28th of M.
    await chargePlatformFee(db, { ...layla, propertyId: a.id, from: day(M, 5), through: day(M, 27), fee: 1_000n, vat: 50n, paid: 1_050n, at: noonInDubai(day(M, 28)) });
    // M's distribution of A (AED 500 on her 2 shares), paid on the 3rd of M2.
    await payDistribution(db, { propertyId: a.id, period: M.slice(0, 7), recordDate: monthEnd(M), at: noonInDubai(day(M2, 3)), lines: [{ ...layla, units: 20_000n, amount: 50_000n }] });
    // She sells half a share to the liquidity pool on the 15th of M2: 98% of AED 1,200 a share.
    await f.setBudget(100_000_000n, 50_000_000n);
    const sale = await layla.client.json('POST', '/api/exchange/pool/sell', { propertyId: a.id, units: 5_000 });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const d15 = noonInDubai(day(M2, 15)).toISOString();
    await db.execute(sql`update exchange_trades set created_at = ${d15}::timestamptz where seller_id = ${layla.id}`);
    await db.execute(sql`update wallet_transactions set created_at = ${d15}::timestamptz where user_id = ${layla.id} and kind = 'sale'`);
    // A second fee charge of AED 20 + VAT 1 on the 28th of M2, of which only AED 5 could be paid.
    await chargePlatformFee(db, { ...layla, propertyId: a.id, from: day(M, 28), through: day(M2, 27), fee: 2_000n, vat: 100n, paid: 500n, at: noonInDubai(day(M2, 28)) });

    // Omar, who joined today, buys one share of property B, funded but with no distribution yet.
    const o = await createInvestor(db, { firstName: 'Omar' });
    omar = { ...o, client: clientWith(app, o.token) };
    await fundWallet(db, omar.id, 200_000n, provider);
    b = await createProperty(db, { title: 'Creek Villas' });
    await f.buy(omar, b.id, 100_000n);
    await db.execute(sql`update properties set status = 'funded', annual_rent = 6666666, service_charges = 600000, maintenance_costs = 66666 where id = ${b.id}`);
    await f.reconcile();
  }, 120_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  it('computes returns per holding and for the portfolio from the documents, with XIRR over the real dates', async () => {
    const r = await layla.client.json<ReturnsJson>('GET', '/api/returns');
    expect(r.status).toBe(200);
    // 15,000 units left × AED 120,000,000 ÷ 10,000,000 units = AED 1,800; the pool paid 58,800 − 294 early exit − 18 performance − 16 VAT.
    const expected = {
      invested: '200000',
      currentValue: '180000',
      saleProceeds: '58472',
      income: '50000',
      feesPaid: { purchase: '0', sale: '328', platform: '1550', total: '1878' },
      valueChange: '38472',
      totalReturn: '86922',
      incomeReturnBps: 2500,
      valueChangeBps: 1924,
      totalReturnBps: 4346,
      since: day(M, 5),
    };
    expect(r.body.portfolio).toMatchObject(expected);
    expect(r.body.holdings).toHaveLength(1);
    expect(r.body.holdings[0]).toMatchObject({ ...expected, units: '15000', held: true, property: { id: a.id, title: 'Marina Heights' } });
    const flows = [
      { date: day(M, 5), amount: -200_000 },
      { date: day(M, 28), amount: -1_050 },
      { date: day(M2, 3), amount: 50_000 },
      { date: day(M2, 15), amount: 58_472 },
      { date: day(M2, 28), amount: -500 },
      { date: TODAY, amount: 180_000 },
    ];
    expect(r.body.portfolio.xirrBps).toBe(rateToBps(xirr(flows)));
    expect(r.body.portfolio.xirrReason).toBeNull();
    expect(r.body.portfolio.xirrBps).toBeGreaterThan(0);

    // Omar's first day: no XIRR yet, and none of Layla's holdings.
    const o = await omar.client.json<ReturnsJson>('GET', '/api/returns');
    expect(o.body.holdings.map((h) => h.property.id)).toEqual([b.id]);
    expect(o.body.portfolio).toMatchObject({ invested: '100000', income: '0', xirrBps: null, xirrReason: 'too_recent' });
  });

  it('shows the income calendar: paid by month, then expected from the last distribution or from the rent', async () => {
    const r = await layla.client.json<IncomeCalendarJson>('GET', '/api/returns/calendar');
    expect(r.status).toBe(200);
    expect(r.body.months).toHaveLength(18);
    const paid = r.body.months.filter((m) => m.kind === 'paid');
    expect(paid).toHaveLength(12);
    expect(paid.at(-1)!.period).toBe(TODAY.slice(0, 7));
    expect(paid.find((m) => m.period === M2.slice(0, 7))).toMatchObject({ total: '50000', byProperty: [{ propertyId: a.id, title: 'Marina Heights', amount: '50000' }] });
    expect(r.body.paidTotal).toBe('50000');
    // 15,000 units × AED 500 ÷ 20,000 units = AED 375 a month.
    expect(r.body.basis).toEqual([expect.objectContaining({ propertyId: a.id, method: 'last_distribution', perMonth: '37500', units: '15000' })]);
    const expected = r.body.months.filter((m) => m.kind === 'expected');
    expect(expected.map((m) => m.period)).toEqual([1, 2, 3, 4, 5, 6].map((i) => addMonths(monthStart(TODAY), i).slice(0, 7)));
    expect(expected.every((m) => m.total === '37500')).toBe(true);
    expect(r.body.expectedTotal).toBe('225000');

    // (6,666,666 − 600,000 − 66,666) ÷ 12 × 1 share of 1,000 × 90% = 450 fils a month.
    const o = await omar.client.json<IncomeCalendarJson>('GET', '/api/returns/calendar');
    expect(o.body.basis).toEqual([expect.objectContaining({ propertyId: b.id, method: 'estimate', perMonth: '450' })]);
    expect(o.body.basis[0].explanation).toContain('10% reserve');
    expect(o.body.paidTotal).toBe('0');
  });

  it('lists the statements from the first activity to the current month', async () => {
    const r = await layla.client.json<StatementsIndexJson>('GET', '/api/statements');
    expect(r.status).toBe(200);
    expect(r.body.firstPeriod).toBe(M.slice(0, 7));
    expect(r.body.months).toEqual([
      { period: TODAY.slice(0, 7), complete: false },
      { period: M2.slice(0, 7), complete: true },
      { period: M.slice(0, 7), complete: true },
    ]);
    expect(r.body.years[0]).toEqual({ year: TODAY.slice(0, 4), complete: false });
    expect(r.body.displayCurrency).toBe('AED');
  });

  const monthM = {
    wallet: { opening: '0', closing: '793700' },
    fees: { byKind: { transaction: '5000', platform: '1000', earlyExit: '0', performance: '0', vat: '300' }, total: '6300', platformOwedAtEnd: '0' },
    distributions: { total: '0', items: [] },
    gains: { realised: '0', unrealised: '20000' },
    holdings: [{ propertyId: '', title: 'Marina Heights', units: '20000', cost: '200000', valuation: '110000000', valuedOn: day(M, 1), value: '220000', gain: '20000' }],
    totals: { purchases: '200000', sales: '0', holdingsValue: '220000', holdingsCost: '200000' },
  };
  const monthM2 = {
    wallet: { opening: '793700', closing: '901672' },
    fees: { byKind: { transaction: '0', platform: '2000', earlyExit: '294', performance: '18', vat: '116' }, total: '2428', platformOwedAtEnd: '1600' },
    distributions: { total: '50000', feeNetted: '0', net: '50000' },
    gains: { realised: '8472', unrealised: '30000' },
    holdings: [{ propertyId: '', title: 'Marina Heights', units: '15000', cost: '150000', valuation: '120000000', valuedOn: day(M2, 20), value: '180000', gain: '30000' }],
    totals: { purchases: '0', sales: '58472', holdingsValue: '180000', holdingsCost: '150000' },
  };

  it('builds the monthly statement from hand-checked figures', async () => {
    const m = await layla.client.json<StatementJson>('GET', `/api/statements/monthly/${M.slice(0, 7)}`);
    expect(m.status).toBe(200);
    monthM.holdings[0].propertyId = a.id;
    monthM2.holdings[0].propertyId = a.id;
    expect(m.body).toMatchObject({ kind: 'monthly', period: M.slice(0, 7), from: M, to: monthEnd(M), complete: true, ...monthM });
    expect(m.body.investor.name).toMatch(/^Layla /);
    expect(Object.fromEntries(m.body.wallet.byKind.map((k) => [k.kind, k.amount]))).toEqual({ deposit: '1000000', charge: '-5250', investment: '-200000', fee: '-1050' });
    expect(m.body.purchases).toEqual([expect.objectContaining({ date: day(M, 5), propertyTitle: 'Marina Heights', units: '20000', amount: '200000', fees: '0', total: '200000', status: 'active' })]);
    expect(m.body.sales).toEqual([]);

    const m2 = await layla.client.json<StatementJson>('GET', `/api/statements/monthly/${M2.slice(0, 7)}`);
    expect(m2.body).toMatchObject(monthM2);
    expect(m2.body.distributions.items).toEqual([expect.objectContaining({ paidOn: day(M2, 3), propertyTitle: 'Marina Heights', period: M.slice(0, 7), units: '20000', amount: '50000', net: '50000' })]);
    expect(m2.body.sales).toEqual([expect.objectContaining({ date: day(M2, 15), venue: 'pool', units: '5000', gross: '58800', fees: '328', net: '58472', cost: '50000', gain: '8472' })]);
    expect(Object.fromEntries(m2.body.wallet.byKind.map((k) => [k.kind, k.amount]))).toEqual({ distribution: '50000', sale: '58472', fee: '-500' });
  });

  it('builds the annual statement as the sum of its months, with the display currency alongside', async () => {
    const year = M2.slice(0, 4);
    const r = await layla.client.json<StatementJson>('GET', `/api/statements/annual/${year}?currency=USD`);
    expect(r.status).toBe(200);
    const both = M.slice(0, 4) === year;
    expect(r.body).toMatchObject({ kind: 'annual', period: year, from: `${year}-01-01` });
    expect(r.body.wallet.opening).toBe(both ? '0' : '793700');
    expect(r.body.gains.realised).toBe('8472');
    expect(r.body.fees.total).toBe(both ? '8728' : '2428');
    expect(r.body.fees.byKind.vat).toBe(both ? '416' : '116');
    expect(r.body.distributions.total).toBe('50000');
    expect(r.body.holdings).toEqual([expect.objectContaining({ units: '15000', value: '180000', gain: '30000' })]);
    expect(r.body.displayCurrency).toMatchObject({ code: 'USD', perAed: '0.2725' });
    expect(r.body.displayCurrency.note).toContain('1 USD = 3.67 AED');
  });

  it('answers the statement as a PDF download with the investor, the period and the figures', async () => {
    const res = await layla.client.get(`/api/statements/monthly/${M2.slice(0, 7)}.pdf?currency=EUR`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="manzil-monthly-statement-${M2.slice(0, 7)}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Monthly account statement');
    expect(text).toContain('Layla');
    expect(text).toContain(layla.unicode);
    expect(text).toContain('Marina Heights');
    expect(text).toContain('584.72');
    expect(text).toContain('Sales and realised gains');
    expect(text).toContain('EUR');
    const annual = await layla.client.get(`/api/statements/annual/${M2.slice(0, 4)}.pdf`);
    expect(annual.status).toBe(200);
    expect(annual.headers.get('content-disposition')).toBe(`attachment; filename="manzil-annual-statement-${M2.slice(0, 4)}.pdf"`);
    expect(pdfText(new Uint8Array(await annual.arrayBuffer()))).toContain(`Annual statement, ${M2.slice(0, 4)}`);
  });

  it('refuses bad, future and pre-account periods with a sentence, and never shows another investor anything', async () => {
    const bad = await layla.client.json<{ message: string; error: string }>('GET', '/api/statements/monthly/2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('YYYY-MM');
    const next = addMonths(monthStart(TODAY), 1).slice(0, 7);
    const future = await layla.client.json<{ message: string }>('GET', `/api/statements/monthly/${next}`);
    expect(future.status).toBe(400);
    expect(future.body.message).toContain('has not started yet');
    const early = await omar.client.json<{ message: string }>('GET', `/api/statements/monthly/${M.slice(0, 7)}.pdf`);
    expect(early.status).toBe(400);
    expect(early.body.message).toContain('no activity before');
    expect((await omar.client.json('GET', `/api/statements/annual/${Number(TODAY.slice(0, 4)) + 1}`)).status).toBe(400);

    // Omar's statement for this month has only his own money in it.
    const own = await omar.client.json<StatementJson>('GET', `/api/statements/monthly/${TODAY.slice(0, 7)}`);
    expect(own.status).toBe(200);
    expect(own.body.complete).toBe(false);
    expect(own.body.to).toBe(TODAY);
    expect(own.body.holdings.map((h) => h.title)).toEqual(['Creek Villas']);
    expect(own.body.distributions.items).toEqual([]);
    expect(own.body.investor.name).toMatch(/^Omar /);

    const visitor = new TestClient(app);
    for (const path of ['/api/returns', '/api/returns/calendar', '/api/statements', `/api/statements/monthly/${M.slice(0, 7)}`, `/api/statements/annual/${M.slice(0, 4)}.pdf`]) {
      expect((await visitor.get(path)).status, path).toBe(401);
    }
  });

  it('answers malformed input with 4xx, never 5xx', async () => {
    const paths = [
      '/api/statements/monthly/abcd',
      '/api/statements/monthly/2026-1',
      '/api/statements/monthly/2026-00',
      '/api/statements/monthly/0000-01',
      '/api/statements/monthly/99999-01',
      `/api/statements/monthly/${'9'.repeat(5000)}`,
      '/api/statements/monthly/2026-01.pdf.pdf',
      '/api/statements/monthly/2026-01.csv',
      '/api/statements/monthly/%00',
      '/api/statements/monthly/2026-01%00',
      "/api/statements/monthly/' or 1=1 --",
      '/api/statements/monthly/2026-01?currency=XYZ',
      '/api/statements/monthly/2026-01?currency=%00',
      `/api/statements/monthly/${M.slice(0, 7)}?currency=usd`,
      '/api/statements/annual/x',
      '/api/statements/annual/-1',
      '/api/statements/annual/1e308',
      '/api/statements/annual/0001',
      '/api/statements/annual/9007199254740993.pdf',
      '/api/statements/annual/%F0%9F%92%A5',
      '/api/statements/annual/2026?currency=USD&currency=EUR',
      '/api/statements/annual/.pdf',
    ];
    for (const path of paths) {
      const res = await layla.client.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      const body = (await res.json()) as { message?: string };
      expect(typeof body.message, path).toBe('string');
    }
    // Other methods on these read-only routes are refused too.
    for (const method of ['POST', 'PUT', 'DELETE']) expect((await layla.client.request(method, '/api/statements/monthly/2026-01', {})).status).toBeLessThan(500);
    const [{ n }] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
    expect(n).toBeGreaterThan(0);
  });
});
