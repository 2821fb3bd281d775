import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_INVESTOR } from '@db/seed';
import { metricSeries, listMetrics } from '@modules/analytics';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { addDays } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { BACKFILL_DAYS, type ComputeResultJson, type MetricJson, type TrackerJson, type TrackerPointsJson } from './contract';
import { lastCompleteDay } from './shared';
import { adminAlerts, pointsOf } from './test-helpers';

type Err = { message: string; error: string };

describeEachDb('data trackers API', (kind) => {
  let database: Database;
  let admin: TestClient;
  let signups: TrackerJson;
  const yesterday = lastCompleteDay();
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    const app = createApp({ db: database.db, paymentProvider: null });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('offers the metric catalogue, the operational metrics among it', async () => {
    const r = await admin.json<{ items: MetricJson[]; total: number }>('GET', '/api/admin/trackers/metrics');
    expect(r.status).toBe(200);
    const keys = r.body.items.map((m) => m.key);
    for (const k of ['ops.signups', 'ops.kyc_time_to_approve', 'ops.deposits', 'ops.sip_failures', 'ops.aum']) expect(keys).toContain(k);
    expect(r.body.items.find((m) => m.key === 'ops.signups')).toMatchObject({ unit: 'count' });
  });

  it('creates a tracker from the catalogue, computed at once over its back-fill window, the points equal to the series', async () => {
    const r = await admin.json<TrackerJson>('POST', '/api/admin/trackers', { name: 'Daily sign-ups', metric: 'ops.signups', target: 5, threshold: '0', alertWhen: 'below' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    signups = r.body;
    expect(signups).toMatchObject({ name: 'Daily sign-ups', metric: 'ops.signups', unit: 'count', status: 'active', alertState: 'ok', lastComputedOn: yesterday, target: '5', threshold: '0', targetPeriod: 'day', ownerName: 'Layla Haddad' });
    expect(signups.latestDate).toBe(yesterday);
    const stored = await pointsOf(database.db, signups.id);
    expect(stored).toHaveLength(BACKFILL_DAYS);
    const series = await metricSeries(database.db, { metric: 'ops.signups', from: stored[0]!.date, to: yesterday, bucket: 'day' });
    const byDay = new Map(series.points.map((p) => [p.start.slice(0, 10), p.value.toString()]));
    expect(stored.every((p) => byDay.get(p.date) === p.value)).toBe(true);
    expect(stored.map((p) => BigInt(p.value)).reduce((s, v) => s + v, 0n)).toBe(series.total);

    const history = await admin.json<TrackerPointsJson>('GET', `/api/admin/trackers/${signups.id}/points?from=${addDays(yesterday, -29)}&to=${yesterday}`);
    expect(history.status).toBe(200);
    expect(history.body.points).toHaveLength(30);
    expect(history.body.points.map((p) => [p.date, p.value])).toEqual(stored.slice(-30).map((p) => [p.date, p.value]));
    const list = await admin.json<{ items: TrackerJson[]; total: number }>('GET', '/api/admin/trackers?q=sign-ups');
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({ id: signups.id, metricLabel: expect.any(String), spark: expect.any(Array) });
    const csv = await (await admin.get('/api/admin/trackers/export?status=active')).text();
    expect(csv.split('\r\n')[1]).toContain('Daily sign-ups');
  });

  it('splits by property or cost center when the metric has that dimension, the points equal to the filtered series', async () => {
    const [property] = await q<{ id: string; title: string }>(database.db, sql`select id, title from properties order by reference limit 1`);
    const [center] = await q<{ id: string; name: string }>(database.db, sql`select id, name from ledger_cost_centers order by code limit 1`);
    const cases = [
      { body: { name: 'AUM of one home', metric: 'ops.aum', propertyId: property!.id, target: 100_000_00, threshold: 0, alertWhen: 'below' }, filter: { propertyId: property!.id }, shows: { propertyName: property!.title } },
      { body: { name: 'Team size', metric: 'ops.headcount', costCenterId: center!.id, target: 10, threshold: 0, alertWhen: 'below' }, filter: { costCenterId: center!.id }, shows: { costCenterName: center!.name } },
    ];
    for (const c of cases) {
      const r = await admin.json<TrackerJson>('POST', '/api/admin/trackers', c.body);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ ...c.shows, additive: false });
      const stored = await pointsOf(database.db, r.body.id);
      const series = await metricSeries(database.db, { metric: c.body.metric, from: stored[0]!.date, to: yesterday, bucket: 'day', ...c.filter });
      expect(stored.map((p) => p.value)).toEqual(series.points.map((p) => p.value.toString()));
      expect((await admin.json('DELETE', `/api/admin/trackers/${r.body.id}`)).status).toBe(200);
    }
  });

  it('refuses a metric outside the catalogue, a split the metric does not have, a duplicate name, and bad values', async () => {
    const unknown = await admin.json<Err>('POST', '/api/admin/trackers', { name: 'Nope', metric: 'ops.unicorns', target: 1, threshold: 1, alertWhen: 'above' });
    expect([unknown.status, unknown.body.error]).toEqual([422, 'tracker_metric_unknown']);
    const metrics = await listMetrics(database.db);
    const flat = metrics.find((m) => !m.dimensions.includes('property'))!;
    const [property] = await q<{ id: string }>(database.db, sql`select id from properties limit 1`);
    const split = await admin.json<Err>('POST', '/api/admin/trackers', { name: 'Split', metric: flat.key, propertyId: property!.id, target: 1, threshold: 1, alertWhen: 'above' });
    expect([split.status, split.body.error]).toEqual([422, 'tracker_dimension_invalid']);
    const dup = await admin.json<Err>('POST', '/api/admin/trackers', { name: 'daily SIGN-UPS', metric: 'ops.signups', target: 1, threshold: 1, alertWhen: 'above' });
    expect([dup.status, dup.body.error]).toEqual([409, 'tracker_duplicate_name']);
    const bad = await admin.json<Err>('POST', '/api/admin/trackers', { name: 'Bad', metric: 'ops.signups', target: 1.5, threshold: 1, alertWhen: 'above' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('whole number');
    expect((await admin.json('GET', '/api/admin/trackers/nope')).status).toBe(404);
    expect((await admin.json('GET', '/api/admin/trackers/00000000-0000-4000-8000-000000000000/points')).status).toBe(404);
    expect((await admin.json('GET', `/api/admin/trackers/${signups.id}/points?from=2026-02-30`)).status).toBe(400);
  });

  it('a crossed threshold notifies the admins once, and once more when back within it', async () => {
    const before = (await adminAlerts(database.db)).length;
    // Every count is ≥ 0, so "above −1" is crossed on the last computed day.
    const crossed = await admin.json<TrackerJson>('PATCH', `/api/admin/trackers/${signups.id}`, { threshold: -1, alertWhen: 'above' });
    expect(crossed.status, JSON.stringify(crossed.body)).toBe(200);
    const runs = [];
    for (let i = 0; i < 2; i++) runs.push((await admin.json<ComputeResultJson>('POST', '/api/admin/trackers/recompute', { trackerId: signups.id })).body);
    expect(runs.map((r) => r.alerts)).toEqual([1, 0]);
    expect(runs[1]!.points).toBe(0);
    let alerts = (await adminAlerts(database.db)).slice(before);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'Daily sign-ups: above -1', link: `/admin/data-trackers?tracker=${signups.id}` });
    expect((await admin.json<TrackerJson>('GET', `/api/admin/trackers/${signups.id}`)).body).toMatchObject({ alertState: 'alerting', lastAlertedOn: yesterday });

    await admin.json('PATCH', `/api/admin/trackers/${signups.id}`, { threshold: '1000000000' });
    const back = await admin.json<ComputeResultJson>('POST', '/api/admin/trackers/recompute', {});
    expect(back.status).toBe(200);
    expect(back.body.recoveries).toBe(1);
    await admin.json('POST', '/api/admin/trackers/recompute');
    alerts = (await adminAlerts(database.db)).slice(before);
    expect(alerts.map((a) => a.title)).toEqual(['Daily sign-ups: above -1', 'Daily sign-ups: back within threshold']);
  });

  it('pauses, resumes and deletes; only admins may', async () => {
    const paused = await admin.json<TrackerJson>('POST', `/api/admin/trackers/${signups.id}/pause`);
    expect([paused.status, paused.body.status]).toEqual([200, 'paused']);
    expect((await admin.json<ComputeResultJson>('POST', '/api/admin/trackers/recompute', {})).body.trackers).toBe(0);
    const resumed = await admin.json<TrackerJson>('POST', `/api/admin/trackers/${signups.id}/resume`);
    expect([resumed.status, resumed.body.status]).toEqual([200, 'active']);

    const investor = new TestClient(createApp({ db: database.db, paymentProvider: null }));
    await investor.post('/api/auth/login', { username: DEMO_INVESTOR.email, password: DEMO_INVESTOR.password });
    expect((await investor.json('GET', '/api/admin/trackers')).status).toBe(403);
    expect((await investor.json('DELETE', `/api/admin/trackers/${signups.id}`)).status).toBe(403);

    expect((await admin.json('DELETE', `/api/admin/trackers/${signups.id}`)).status).toBe(200);
    expect((await admin.json('GET', `/api/admin/trackers/${signups.id}`)).status).toBe(404);
    expect(await pointsOf(database.db, signups.id)).toEqual([]);
    const [audit] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from audit_log where entity_type = 'tracker' and entity_id = ${signups.id}`);
    expect(audit!.n).toBeGreaterThanOrEqual(5);
  });
});
