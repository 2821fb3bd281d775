import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import { sqlRows } from '@api/list';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { clientWith, createInvestor, moneyTestDatabase } from '@modules/investing/test-helpers';
import { seedPayroll } from '@modules/payroll/seed';
import { addMonths, monthStart, todayInDubai } from '@modules/platform/dates';
import type { DashboardJson, DashboardRowJson, MetricsGroupJson, SeriesResponseJson } from './dashboard-contract';

const widget = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Widget ${id}`,
  metric: 'ledger.account.1110',
  chart: 'line',
  period: { preset: 'last_12_months' },
  bucket: 'month',
  comparison: 'none',
  filters: {},
  layout: { x: 0, y: 0, w: 6, h: 4 },
  ...extra,
});

describeEachDb('analytics API', (kind) => {
  let database: Database;
  let admin: TestClient;
  let second: TestClient;
  let investor: TestClient;
  const today = todayInDubai();
  const from = addMonths(monthStart(today), -11);

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    await seedPayroll(database.db);
    const app = createApp({ db: database.db });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    second = clientWith(app, (await createInvestor(database.db, { role: 'admin', firstName: 'Second' })).token);
    investor = clientWith(app, (await createInvestor(database.db)).token);
  }, 120_000);
  afterAll(async () => database?.close());

  it('serves the catalogue grouped, searched and by keys, to admins only', async () => {
    const all = await admin.json<{ groups: MetricsGroupJson[]; total: number }>('GET', '/api/admin/analytics/metrics');
    expect(all.status).toBe(200);
    const groups = all.body.groups.map((g) => g.group);
    expect(groups).toEqual(expect.arrayContaining(['Ledger: totals', 'Ledger: Assets', 'Ledger: Expenses', 'Investors', 'Payroll']));
    expect(all.body.total).toBe(all.body.groups.reduce((s, g) => s + g.metrics.length, 0));
    const searched = await admin.json<{ groups: MetricsGroupJson[]; total: number }>('GET', '/api/admin/analytics/metrics?q=headcount');
    expect(searched.body.groups.flatMap((g) => g.metrics.map((m) => m.key))).toEqual(['ops.headcount']);
    const byKeys = await admin.json<{ total: number }>('POST', '/api/admin/analytics/metrics', { keys: ['ops.aum', 'ledger.account.1110', 'nope'] });
    expect(byKeys.body.total).toBe(2);
    expect((await investor.request('GET', '/api/admin/analytics/metrics')).status).toBe(403);
    expect((await new TestClient(createApp({ db: database.db })).request('GET', '/api/admin/analytics/metrics')).status).toBe(401);
  });

  it('answers a series with its comparison and a breakdown that adds up', async () => {
    const r = await admin.json<SeriesResponseJson>('GET', `/api/admin/analytics/series?metric=ops.payroll_cost&from=${from}&to=${today}&bucket=month&comparison=previous_period&breakdown=costCenter`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.series.points).toHaveLength(12);
    expect(typeof r.body.series.total).toBe('string');
    expect(BigInt(r.body.series.total)).toBeGreaterThan(0n);
    expect(r.body.comparison?.points.length).toBeGreaterThan(0);
    const [paid] = await sqlRows<{ v: string }>(database.db, sql`select coalesce(sum(gross + gratuity_accrual), 0)::text as v from payroll_runs where status in ('approved', 'paid')`);
    expect(r.body.series.total).toBe(paid!.v);
    const slices = r.body.breakdown!;
    expect(slices.length).toBeGreaterThan(1);
    expect(slices.reduce((s, x) => s + BigInt(x.total), 0n)).toBe(BigInt(r.body.series.total));
    const yearAgo = await admin.json<SeriesResponseJson>('GET', `/api/admin/analytics/series?metric=ledger.group.asset&from=${from}&to=${today}&bucket=quarter&comparison=previous_year`);
    expect(yearAgo.body.comparison?.points[0]?.start).toBe(addMonths(from, -12));
    expect(yearAgo.body.breakdown).toBeNull();
  });

  it('refuses bad series queries with 4xx', async () => {
    const status = async (qs: string) => (await admin.request('GET', `/api/admin/analytics/series?${qs}`)).status;
    expect(await status(`metric=ops.nope&from=${from}&to=${today}&bucket=month`)).toBe(404);
    expect(await status(`metric=ops.signups&from=${today}&to=${from}&bucket=month`)).toBe(400);
    expect(await status(`metric=ops.signups&from=${from}&to=${today}&bucket=year`)).toBe(400);
    expect(await status(`metric=ops.signups&from=2026-02-30&to=${today}&bucket=month`)).toBe(400);
    expect(await status(`metric=ops.signups&from=${from}&to=${today}&bucket=month&breakdown=property`)).toBe(400);
    expect(await status(`metric=ops.signups&from=${from}&to=${today}&bucket=month&propertyId=a%00b`)).toBe(400);
    expect(await status(`metric=ops.headcount&from=${from}&to=${today}&bucket=month&costCenterId=NOPE`)).toBe(404);
  });

  it('creates, reloads exactly, shares, lays out and deletes a dashboard, the owner alone changing it', async () => {
    const widgets = [widget('cash'), widget('staff', { metric: 'ops.payroll_cost', chart: 'pie', breakdown: 'costCenter', comparison: 'previous_year', period: { preset: 'custom', from, to: today }, layout: { x: 6, y: 0, w: 6, h: 4 } })];
    const created = await admin.json<DashboardJson>('POST', '/api/admin/analytics/dashboards', { name: 'Board pack', description: 'Monthly', widgets });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const reloaded = await admin.json<DashboardJson>('GET', `/api/admin/analytics/dashboards/${id}`);
    expect(reloaded.body.widgets).toEqual(widgets);
    expect(reloaded.body).toMatchObject({ name: 'Board pack', shared: false, canEdit: true, widgetCount: 2 });

    expect((await second.request('GET', `/api/admin/analytics/dashboards/${id}`)).status).toBe(404);
    const hidden = await second.json<{ items: DashboardRowJson[] }>('GET', '/api/admin/analytics/dashboards');
    expect(hidden.body.items.some((d) => d.id === id)).toBe(false);

    const shared = await admin.json<DashboardJson>('PATCH', `/api/admin/analytics/dashboards/${id}`, { sharedWithAll: true });
    expect(shared.body.shared).toBe(true);
    const seen = await second.json<DashboardJson>('GET', `/api/admin/analytics/dashboards/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ canEdit: false, mine: false, ownerName: expect.any(String) });
    const list = await second.json<{ items: DashboardRowJson[]; total: number }>('GET', '/api/admin/analytics/dashboards?shared=true&q=board');
    expect(list.body.items.find((d) => d.id === id)).toMatchObject({ name: 'Board pack', widgetCount: 2, shared: true });
    expect((await second.request('PATCH', `/api/admin/analytics/dashboards/${id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await second.request('PUT', `/api/admin/analytics/dashboards/${id}/layout`, { layout: [] })).status).toBe(403);
    expect((await second.request('DELETE', `/api/admin/analytics/dashboards/${id}`)).status).toBe(403);

    const moved = await admin.json<DashboardJson>('PUT', `/api/admin/analytics/dashboards/${id}/layout`, { layout: [{ id: 'cash', x: 0, y: 4, w: 12, h: 3 }] });
    expect(moved.status).toBe(200);
    expect(moved.body.widgets.find((w) => w.id === 'cash')?.layout).toEqual({ x: 0, y: 4, w: 12, h: 3 });
    expect(moved.body.widgets.find((w) => w.id === 'staff')?.layout).toEqual(widgets[1]!.layout);
    expect((await admin.request('PUT', `/api/admin/analytics/dashboards/${id}/layout`, { layout: [{ id: 'ghost', x: 0, y: 0, w: 1, h: 1 }] })).status).toBe(400);

    expect((await admin.request('DELETE', `/api/admin/analytics/dashboards/${id}`)).status).toBe(200);
    expect((await admin.request('GET', `/api/admin/analytics/dashboards/${id}`)).status).toBe(404);
  });

  it('validates widgets against the catalogue and the grid', async () => {
    const post = async (body: unknown) => (await admin.request('POST', '/api/admin/analytics/dashboards', body)).status;
    expect(await post({ name: 'x', widgets: [widget('a', { metric: 'ledger.account.0000' })] })).toBe(400);
    expect(await post({ name: 'x', widgets: [widget('a', { chart: 'pie' })] })).toBe(400);
    expect(await post({ name: 'x', widgets: [widget('a', { metric: 'ops.signups', breakdown: 'property' })] })).toBe(400);
    expect(await post({ name: 'x', widgets: [widget('a', { metric: 'ops.signups', filters: { costCenterId: 'OPS' } })] })).toBe(400);
    expect(await post({ name: 'x', widgets: [widget('a', { layout: { x: 8, y: 0, w: 6, h: 4 } })] })).toBe(400);
    expect(await post({ name: 'x', widgets: [widget('a', { period: { preset: 'custom', from: today } })] })).toBe(400);
    expect(await post({ name: 'x', widgets: [widget('a'), widget('a')] })).toBe(400);
    expect(await post({ name: 'x', widgets: Array.from({ length: 25 }, (_, i) => widget(`w${i}`)) })).toBe(400);
    expect(await post({ name: '', widgets: [] })).toBe(400);
    expect(await post({ name: 'ok', extra: 1 })).toBe(400);
    expect(await post({ name: 'Twenty-four', widgets: Array.from({ length: 24 }, (_, i) => widget(`w${i}`, { layout: { x: 0, y: i * 2, w: 3, h: 2 } })) })).toBe(201);
  });

  it('answers junk on every analytics route with a 4xx and changes nothing', { timeout: 120_000 }, async () => {
    const own = (await admin.json<DashboardJson>('POST', '/api/admin/analytics/dashboards', { name: 'Fuzz target', widgets: [widget('a')] })).body;
    const count = async () => (await sqlRows<{ n: string; w: string }>(database.db, sql`select count(*)::text as n, coalesce(sum(jsonb_array_length(widgets)), 0)::text as w from dashboards`))[0];
    const before = await count();
    const junk: unknown[] = [null, true, 42, -1, 1.5e300, '', 'a\u0000b', 'x'.repeat(5000), [], {}, { a: { b: {} } }, [1, [2]]];
    const ids = ['x', '0'.repeat(100), '%00', 'a%00b', '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', "'%20or%201=1"];
    const expect4xx = async (method: string, path: string, body?: unknown) => {
      const res = await admin.request(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 120)}`).toBeLessThan(500);
    };
    for (const id of ids) {
      for (const [m, suffix, body] of [['GET', '', undefined], ['PATCH', '', { name: 'n' }], ['DELETE', '', undefined], ['PUT', '/layout', { layout: [] }]] as const)
        await expect4xx(m, `/api/admin/analytics/dashboards/${id}${suffix}`, body);
    }
    for (const j of junk) {
      await expect4xx('POST', '/api/admin/analytics/dashboards', j);
      await expect4xx('POST', '/api/admin/analytics/dashboards', { name: j });
      await expect4xx('POST', '/api/admin/analytics/dashboards', { name: 'n', widgets: j === null ? 'x' : [j] });
      await expect4xx('POST', '/api/admin/analytics/dashboards', { name: 'n', widgets: [widget('a', { layout: j })] });
      await expect4xx('POST', '/api/admin/analytics/dashboards', { name: 'n', widgets: [widget('a', { period: j })] });
      if (typeof j !== 'boolean') await expect4xx('PATCH', `/api/admin/analytics/dashboards/${own.id}`, { sharedWithAll: j });
      await expect4xx('PUT', `/api/admin/analytics/dashboards/${own.id}/layout`, { layout: [{ id: 'a', x: j, y: 0, w: 1, h: 1 }] });
      await expect4xx('POST', '/api/admin/analytics/metrics', { keys: j === null ? 1 : [j, {}] });
      const v = encodeURIComponent(typeof j === 'string' ? j : JSON.stringify(j));
      await expect4xx('GET', `/api/admin/analytics/series?metric=${v}&from=${from}&to=${today}&bucket=month`);
      await expect4xx('GET', `/api/admin/analytics/series?metric=ops.signups&from=${v}&to=${today}&bucket=month`);
      await expect4xx('GET', `/api/admin/analytics/series?metric=ops.aum&from=${from}&to=${today}&bucket=month&propertyId=${v}x%00`);
      await expect4xx('GET', `/api/admin/analytics/dashboards?limit=${v}x`);
    }
    expect(await count()).toEqual(before);
  });
});
