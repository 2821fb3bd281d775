import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_ADMIN, DEMO_INVESTOR } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { ledgerTestDatabase, postSimple } from '@modules/ledger/test-helpers';
import { addDays, addMonths, monthStart, todayInDubai } from '@modules/platform/dates';
import { DASHBOARDS, type CashDashboardJson, type RevenueDashboardJson } from './contract';
import { resolvePeriod } from './period';

const BASE = '/api/admin/erp-dashboards';

it('the period: the last 12 months by default, checked and bounded to five years', () => {
  expect(resolvePeriod({}, '2026-11-26')).toMatchObject({ from: '2025-12-01', to: '2026-11-26' });
  expect(resolvePeriod({}, '2026-11-26').months).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
  expect(resolvePeriod({ to: '2026-03-31' }, '2026-11-26')).toMatchObject({ from: '2025-04-01', to: '2026-03-31' });
  expect(resolvePeriod({ from: '2021-01-01', to: '2025-12-31' }).months).toHaveLength(60);
  expect(() => resolvePeriod({ from: '2021-01-01', to: '2026-01-01' })).toThrow(/at most 5 years/);
  expect(() => resolvePeriod({ from: '2026-02-01', to: '2026-01-31' })).toThrow(/on or before/);
  expect(resolvePeriod({ from: '2024-02-29', to: '2029-02-28' }).months).toHaveLength(61);
  expect(() => resolvePeriod({ from: '2024-02-29', to: '2029-03-01' })).toThrow(/at most 5 years/);
  expect(resolvePeriod({ from: '2995-01-01', to: '2999-12-31' }).months.at(-1)).toBe('2999-12');
});

describeEachDb('ERP dashboards API', (kind) => {
  let database: Database;
  let admin: TestClient;
  let investor: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    database = await ledgerTestDatabase(kind);
    const app = createApp({ db: database.db });
    admin = new TestClient(app);
    investor = new TestClient(app, '10.15.0.2');
    visitor = new TestClient(app, '10.15.0.3');
    expect((await admin.post('/api/auth/login', { username: DEMO_ADMIN.email, password: DEMO_ADMIN.password })).status).toBe(200);
    expect((await investor.post('/api/auth/login', { username: DEMO_INVESTOR.email, password: DEMO_INVESTOR.password })).status).toBe(200);
    const month = addMonths(monthStart(todayInDubai()), -1);
    await postSimple(database.db, month, [['1110', 5_000_000, 0], ['4130', 0, 5_000_000]], 'Transaction charges');
  }, 120_000);
  afterAll(async () => database.close());

  it('answers every dashboard as JSON to an admin, with amounts as strings of fils', async () => {
    for (const d of DASHBOARDS) {
      const res = await admin.get(`${BASE}/${d}`);
      expect(res.status, d).toBe(200);
      const body = (await res.json()) as { period: { from: string; to: string; months: string[] } };
      expect(body.period.to).toBe(todayInDubai());
      expect(body.period.months.length, d).toBeGreaterThanOrEqual(12);
    }
    const cash = await admin.json<CashDashboardJson>('GET', `${BASE}/cash`);
    expect(cash.body.operatorCash.amount).toBe('5000000');
    expect(cash.body.operatorCash.drill).toMatchObject({ account: '1100', accounts: ['1110', '1130'] });
    const rev = await admin.json<RevenueDashboardJson>('GET', `${BASE}/revenue`);
    expect(rev.body.streams.find((s) => s.key === 'transaction-charges')?.total).toBe('5000000');
  });

  it('keeps investors and visitors out', async () => {
    for (const d of DASHBOARDS) {
      expect((await investor.get(`${BASE}/${d}`)).status).toBe(403);
      expect((await visitor.get(`${BASE}/${d}`)).status).toBe(401);
    }
  });

  it('refuses bad periods with a clear 400', async () => {
    const today = todayInDubai();
    const cases: [string, string][] = [
      ['from=2026-02-01&to=2026-01-31', 'invalid_range'],
      [`from=${addDays(addMonths(today, -60), -1)}&to=${today}`, 'period_too_long'],
      ['from=2026-02-30', 'validation_failed'],
      ['to=26-01-01', 'validation_failed'],
      ['from=%00', 'nul_byte'],
      ['from=2026-01-01%00', 'nul_byte'],
      [`to=${'9'.repeat(40)}`, 'validation_failed'],
      ['from=9999-01-01&to=9999-12-31', 'validation_failed'],
      ['to=1899-12-31', 'validation_failed'],
    ];
    for (const d of DASHBOARDS) {
      for (const [qs, code] of cases) {
        const res = await admin.json<{ error: string; message: string }>('GET', `${BASE}/${d}?${qs}`);
        expect(res.status, `${d}?${qs}`).toBe(400);
        expect(res.body.error, `${d}?${qs}`).toBe(code);
        expect(res.body.message.length).toBeGreaterThan(5);
      }
    }
  });

  it('answers junk in the query below 500 (fuzz)', { timeout: 120_000 }, async () => {
    const junk = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.constantFrom('', '0000-00-00', '9999-12-31', '0001-01-01', '2026-12-31', '-1', 'null'));
    const arb = fc.record({ dashboard: fc.constantFrom(...DASHBOARDS), from: fc.option(junk), to: fc.option(junk), extra: fc.option(fc.string({ maxLength: 10 })) });
    for (const c of fc.sample(arb, { seed: 15, numRuns: 120 })) {
      const p = new URLSearchParams();
      if (c.from !== null) p.set('from', c.from);
      if (c.to !== null) p.set('to', c.to);
      if (c.extra !== null) p.set('x', c.extra);
      const res = await admin.get(`${BASE}/${c.dashboard}?${p.toString()}`);
      expect(res.status, `${c.dashboard}?${p.toString()}`).toBeLessThan(500);
      await res.body?.cancel();
    }
  });
});
