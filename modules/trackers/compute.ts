/**
 * The daily computation. For each active tracker: ONE metricSeries call (bucket day) from the last computed day (or
 * the back-fill window for a new tracker) to `asOf`, the daily values upserted into tracker_points (a value that did
 * not change is not written again), then the tracked value of the latest day judged against the alert threshold.
 * A crossing (ok → alerting) notifies the admins once; the recovery (alerting → ok) once. The judgement runs under
 * the tracker's row lock, so two computations at once (two servers, or the scheduler and "Recompute now") still
 * notify once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import type { MetricDef } from '@modules/analytics';
import { notifyAdmins } from '@modules/notifications';
import { addDays, formatDate } from '@modules/platform/dates';
import { BACKFILL_DAYS, breaches, formatMetricValue, type ComputeResultJson } from './contract';
import { defaultCatalogue, lastCompleteDay, rows, trackedValues, windowOf, day, type Catalogue } from './shared';

type Active = {
  id: string;
  name: string;
  metric: string;
  cost_center_id: string | null;
  property_id: string | null;
  target_period: 'day' | 'week' | 'month';
  last_computed_on: string | Date | null;
};

export type ComputeOptions = {
  /** The last day to compute (default: yesterday in Dubai, the last whole day). */
  asOf?: string;
  /** Only this tracker. */
  trackerId?: string;
  /** Re-read the whole back-fill window instead of starting at the last computed day. */
  full?: boolean;
  /** Skip trackers already computed up to asOf (the scheduler's hourly ticks). */
  onlyDue?: boolean;
  catalogue?: Catalogue;
  /** The series function (default: the catalogue's metricSeries). */
  series?: Catalogue['metricSeries'];
  log?: Pick<Console, 'error'>;
};

export type TrackerOutcome = { points: number; alert: 'raised' | 'recovered' | null };

const link = (id: string) => `/admin/data-trackers?tracker=${id}`;

/** Computes one tracker up to asOf. */
export async function computeTracker(db: Db, t: Active, asOf: string, opts: ComputeOptions & { metric: MetricDef }): Promise<TrackerOutcome> {
  const earliest = addDays(asOf, -(BACKFILL_DAYS - 1));
  const last = t.last_computed_on ? day(t.last_computed_on) : null;
  // The last computed day is read again: the data of that day may have grown since (a late posting).
  const from = !opts.full && last && last > earliest ? (last > asOf ? asOf : last) : earliest;
  const series = opts.series ?? opts.catalogue?.metricSeries ?? defaultCatalogue.metricSeries;
  const result = await series(db, { metric: t.metric, from, to: asOf, bucket: 'day', ...(t.cost_center_id ? { costCenterId: t.cost_center_id } : {}), ...(t.property_id ? { propertyId: t.property_id } : {}) });
  const daily = result.points.filter((p) => p.start >= from && p.start <= asOf).map((p) => ({ d: p.start.slice(0, 10), v: p.value.toString() }));
  const window = windowOf(opts.metric, t.target_period);

  return db.transaction(async (tx) => {
    const [locked] = await rows<{ status: string; alert_state: string; alert_when: 'above' | 'below'; threshold: string; name: string; metric: string; last_computed_on: string | Date | null }>(
      tx,
      sql`select status, alert_state, alert_when, threshold::text, name, metric, last_computed_on from trackers where id = ${t.id} for update`,
    );
    // Paused, deleted or pointed at another metric while the series was read: leave it to the next run.
    if (!locked || locked.status !== 'active' || locked.metric !== t.metric) return { points: 0, alert: null };
    const written = daily.length
      ? await rows<{ date: string }>(
          tx,
          sql`insert into tracker_points (tracker_id, date, value)
              select ${t.id}::uuid, x.d::date, x.v::bigint from jsonb_to_recordset(${JSON.stringify(daily)}::jsonb) as x(d text, v text)
              on conflict (tracker_id, date) do update set value = excluded.value, computed_at = now() where tracker_points.value <> excluded.value
              returning date`,
        )
      : [];
    const latest = [locked.last_computed_on ? day(locked.last_computed_on) : null, asOf].filter(Boolean).sort().at(-1)!;
    await tx.execute(sql`update trackers set last_computed_on = ${latest}::date where id = ${t.id} and (last_computed_on is null or last_computed_on < ${latest}::date)`);
    const recent = await rows<{ date: string | Date; value: string }>(tx, sql`select date, value::text from tracker_points where tracker_id = ${t.id} and date > ${latest}::date - ${window}::int and date <= ${latest}::date order by date`);
    const tracked = trackedValues(recent.map((r) => ({ date: day(r.date), value: BigInt(r.value) })), window).find((p) => p.date === latest)?.tracked ?? 0n;
    const threshold = BigInt(locked.threshold);
    const crossed = breaches(tracked, threshold, locked.alert_when);
    const value = formatMetricValue(opts.metric.unit, tracked);
    const limit = formatMetricValue(opts.metric.unit, threshold);
    const over = window > 1 ? ` over the ${window} days to ${formatDate(latest)}` : ` on ${formatDate(latest)}`;
    if (crossed && locked.alert_state === 'ok') {
      await tx.execute(sql`update trackers set alert_state = 'alerting', last_alerted_on = ${latest}::date where id = ${t.id}`);
      await notifyAdmins(tx, {
        kind: 'tracker_alert',
        title: `${locked.name}: ${locked.alert_when} ${limit}`,
        body: `${opts.metric.label} was ${value}${over}, ${locked.alert_when} the alert threshold of ${limit}.`,
        link: link(t.id),
      });
      return { points: written.length, alert: 'raised' };
    }
    if (!crossed && locked.alert_state === 'alerting') {
      await tx.execute(sql`update trackers set alert_state = 'ok' where id = ${t.id}`);
      await notifyAdmins(tx, {
        kind: 'tracker_alert',
        title: `${locked.name}: back within threshold`,
        body: `${opts.metric.label} was ${value}${over}, back within the alert threshold of ${limit}.`,
        link: link(t.id),
      });
      return { points: written.length, alert: 'recovered' };
    }
    return { points: written.length, alert: null };
  });
}

/** Computes every active tracker (or one) up to asOf. A tracker that fails is logged and left for the next run. */
export async function computeTrackers(db: Db, opts: ComputeOptions = {}): Promise<ComputeResultJson & { failed: number }> {
  const asOf = opts.asOf ?? lastCompleteDay();
  const catalogue = opts.catalogue ?? defaultCatalogue;
  const log = opts.log ?? console;
  const active = await rows<Active>(
    db,
    sql`select id, name, metric, cost_center_id, property_id, target_period, last_computed_on from trackers
         where status = 'active'${opts.trackerId ? sql` and id = ${opts.trackerId}` : sql``}${opts.onlyDue ? sql` and (last_computed_on is null or last_computed_on < ${asOf}::date)` : sql``}
         order by created_at, id`,
  );
  const result = { asOf, trackers: 0, points: 0, alerts: 0, recoveries: 0, failed: 0 };
  const metrics = new Map((await catalogue.listMetrics(db)).map((m) => [m.key, m]));
  for (const t of active) {
    try {
      const metric = metrics.get(t.metric) ?? (await catalogue.getMetric(db, t.metric));
      if (!metric) throw new Error(`metric ${t.metric} is no longer in the catalogue`);
      const outcome = await computeTracker(db, t, asOf, { ...opts, catalogue, metric });
      result.trackers++;
      result.points += outcome.points;
      if (outcome.alert === 'raised') result.alerts++;
      if (outcome.alert === 'recovered') result.recoveries++;
    } catch (err) {
      result.failed++;
      log.error(`[trackers] ${t.name} (${t.id})`, err);
    }
  }
  return result;
}
