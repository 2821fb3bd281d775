import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { addDays } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import { BACKFILL_DAYS, createTrackerInput } from './contract';
import { computeTrackers } from './compute';
import { trackerPoints } from './points';
import { trackersSchedulerTick } from './scheduler';
import { trackedValues, vsTargetBps } from './shared';
import { adminAlerts, fakeCatalogue, pointsOf } from './test-helpers';
import { createTracker, getTracker, setTrackerStatus, updateTracker } from './trackers';

const AS_OF = '2026-03-31';

describe('tracked values', () => {
  it('sum an additive metric over the trailing window, and leave others as they are', () => {
    const pts = [
      { date: '2026-01-01', value: 1n },
      { date: '2026-01-02', value: 2n },
      { date: '2026-01-04', value: 4n },
    ];
    expect(trackedValues(pts, 1).map((p) => p.tracked)).toEqual([1n, 2n, 4n]);
    // 2026-01-03 is missing: it counts as nothing.
    expect(trackedValues(pts, 3).map((p) => p.tracked)).toEqual([1n, 3n, 6n]);
    expect(vsTargetBps(5n, 10n)).toBe(5000);
    expect(vsTargetBps(5n, 0n)).toBeNull();
    expect(vsTargetBps(null, 10n)).toBeNull();
  });
});

describeEachDb('tracker computation', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });
  const reset = async () => {
    await database.db.execute(sql`delete from trackers`);
    await database.db.execute(sql`delete from notifications`);
  };

  it('back-fills 400 days with one series call, equal to the series, and computing again changes nothing and notifies nothing', async () => {
    await reset();
    const db = database.db;
    const f = fakeCatalogue();
    for (let i = 0; i < 50; i++) f.set('test.signups', addDays(AS_OF, -i), BigInt((i * 7) % 5));
    const id = await createTracker(db, null, createTrackerInput.parse({ name: 'Sign-ups', metric: 'test.signups', target: 3, threshold: 1, alertWhen: 'below' }), f.catalogue);
    const first = await computeTrackers(db, { asOf: AS_OF, catalogue: f.catalogue });
    expect(first).toMatchObject({ asOf: AS_OF, trackers: 1, points: BACKFILL_DAYS, failed: 0 });
    expect(f.calls).toEqual([{ metric: 'test.signups', from: addDays(AS_OF, -(BACKFILL_DAYS - 1)), to: AS_OF, bucket: 'day' }]);
    const points = await pointsOf(db, id);
    expect(points).toHaveLength(BACKFILL_DAYS);
    // Every point is the series' value that day.
    const series = await f.catalogue.metricSeries(db, { metric: 'test.signups', from: points[0]!.date, to: AS_OF, bucket: 'day' });
    expect(points.map((p) => [p.date, p.value])).toEqual(series.points.map((p) => [p.start, p.value.toString()]));
    const stamp = await q<{ c: string }>(db, sql`select max(computed_at)::text as c from tracker_points`);

    const second = await computeTrackers(db, { asOf: AS_OF, catalogue: f.catalogue });
    expect(second).toMatchObject({ trackers: 1, points: 0, alerts: 0, recoveries: 0 });
    // The second run read only the last computed day again.
    expect(f.calls.at(-1)).toMatchObject({ from: AS_OF, to: AS_OF });
    expect(await pointsOf(db, id)).toEqual(points);
    expect(await q<{ c: string }>(db, sql`select max(computed_at)::text as c from tracker_points`)).toEqual(stamp);
    // AS_OF has i = 0 → 0 sign-ups, below 1: one alert, once.
    expect(first.alerts).toBe(1);
    expect(await adminAlerts(db)).toHaveLength(1);
    const t = await getTracker(db, id, f.catalogue);
    expect(t).toMatchObject({ alertState: 'alerting', lastAlertedOn: AS_OF, lastComputedOn: AS_OF, latestValue: '0', latestDate: AS_OF, vsTargetBps: 0 });
    expect(t.spark).toHaveLength(30);
  });

  it('a crossing notifies the admins once, the recovery once, with a link to the tracker', async () => {
    await reset();
    const db = database.db;
    const f = fakeCatalogue();
    const days = [addDays(AS_OF, -2), addDays(AS_OF, -1), AS_OF];
    for (const d of days) f.set('test.wait', d, 150n);
    const id = await createTracker(db, null, createTrackerInput.parse({ name: 'KYC wait', metric: 'test.wait', direction: 'lower_is_better', target: 100, threshold: 300, alertWhen: 'above' }), f.catalogue);
    await computeTrackers(db, { asOf: days[0], catalogue: f.catalogue });
    expect(await adminAlerts(db)).toEqual([]);

    f.set('test.wait', days[1]!, 420n);
    const crossed = await computeTrackers(db, { asOf: days[1], catalogue: f.catalogue });
    const again = await computeTrackers(db, { asOf: days[1], catalogue: f.catalogue });
    expect([crossed.alerts, again.alerts]).toEqual([1, 0]);
    let alerts = await adminAlerts(db);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: 'KYC wait: above 3 days', link: `/admin/data-trackers?tracker=${id}` });
    expect(alerts[0]!.body).toContain('4.2 days');

    f.set('test.wait', AS_OF, 120n);
    const recovered = await computeTrackers(db, { asOf: AS_OF, catalogue: f.catalogue });
    await computeTrackers(db, { asOf: AS_OF, catalogue: f.catalogue });
    expect(recovered.recoveries).toBe(1);
    alerts = await adminAlerts(db);
    expect(alerts.map((a) => a.title)).toEqual(['KYC wait: above 3 days', 'KYC wait: back within threshold']);
    expect((await getTracker(db, id, f.catalogue)).alertState).toBe('ok');
  });

  it('two computations at once write each point once and notify once', async () => {
    await reset();
    const db = database.db;
    const f = fakeCatalogue();
    f.set('test.signups', AS_OF, 9n);
    const id = await createTracker(db, null, createTrackerInput.parse({ name: 'Busy day', metric: 'test.signups', target: 3, threshold: 5, alertWhen: 'above' }), f.catalogue);
    const runs = await Promise.all([computeTrackers(db, { asOf: AS_OF, catalogue: f.catalogue }), computeTrackers(db, { asOf: AS_OF, catalogue: f.catalogue })]);
    expect(runs.reduce((s, r) => s + r.alerts, 0)).toBe(1);
    expect(await adminAlerts(db)).toHaveLength(1);
    expect((await pointsOf(db, id)).filter((p) => p.value === '9')).toEqual([{ date: AS_OF, value: '9' }]);
  });

  it('sums a flow over its target period, skips paused trackers, and starts again when the metric changes', async () => {
    await reset();
    const db = database.db;
    const f = fakeCatalogue();
    for (let i = 0; i < 10; i++) f.set('test.signups', addDays(AS_OF, -i), 2n);
    const id = await createTracker(db, null, createTrackerInput.parse({ name: 'Weekly', metric: 'test.signups', target: 20, targetPeriod: 'week', threshold: 10, alertWhen: 'below' }), f.catalogue);
    await computeTrackers(db, { asOf: AS_OF, catalogue: f.catalogue });
    const t = await getTracker(db, id, f.catalogue);
    expect(t).toMatchObject({ latestValue: '14', vsTargetBps: 7000, alertState: 'ok', additive: true });
    const history = await trackerPoints(db, id, { from: addDays(AS_OF, -1), to: AS_OF }, f.catalogue);
    expect(history.points).toEqual([
      { date: addDays(AS_OF, -1), value: '2', tracked: '14' },
      { date: AS_OF, value: '2', tracked: '14' },
    ]);

    await setTrackerStatus(db, null, id, 'paused');
    const calls = f.calls.length;
    expect((await computeTrackers(db, { asOf: addDays(AS_OF, 1), catalogue: f.catalogue })).trackers).toBe(0);
    expect(f.calls.length).toBe(calls);

    await setTrackerStatus(db, null, id, 'active');
    const { recompute } = await updateTracker(db, null, id, { metric: 'test.aum' }, f.catalogue);
    expect(recompute).toBe(true);
    expect(await pointsOf(db, id)).toEqual([]);
    expect((await getTracker(db, id, f.catalogue)).lastComputedOn).toBeNull();
  });

  it('the scheduler computes each tracker once a day; a failing metric is logged and the others go on', async () => {
    await reset();
    const db = database.db;
    const f = fakeCatalogue();
    await createTracker(db, null, createTrackerInput.parse({ name: 'Daily', metric: 'test.signups', target: 1, threshold: 0, alertWhen: 'below' }), f.catalogue);
    const broken = await createTracker(db, null, createTrackerInput.parse({ name: 'Broken', metric: 'test.signups', target: 1, threshold: 0, alertWhen: 'below' }), f.catalogue);
    await db.execute(sql`update trackers set metric = 'test.gone' where id = ${broken}`);
    const errors: unknown[] = [];
    const log = { error: (...a: unknown[]) => errors.push(a) };
    // Ticks on 1 April (Dubai) compute up to 31 March, once: the second tick that day finds nothing due.
    const now = new Date('2026-04-01T08:00:00Z');
    const first = await trackersSchedulerTick(db, { now, log, catalogue: f.catalogue });
    expect(first).toMatchObject({ asOf: '2026-03-31', trackers: 1, failed: 1 });
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as unknown[])[0])).toContain('Broken');
    const calls = f.calls.length;
    const second = await trackersSchedulerTick(db, { now: new Date('2026-04-01T15:00:00Z'), log, catalogue: f.catalogue });
    expect(second.trackers).toBe(0);
    expect(f.calls.length).toBe(calls);
    // The next day it computes again, from the last computed day.
    const third = await trackersSchedulerTick(db, { now: new Date('2026-04-02T08:00:00Z'), log, catalogue: f.catalogue });
    expect(third).toMatchObject({ asOf: '2026-04-01', trackers: 1 });
    expect(f.calls.at(-1)).toMatchObject({ from: '2026-03-31', to: '2026-04-01' });
  });
});
