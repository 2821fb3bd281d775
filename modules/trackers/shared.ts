/** What the tracker use cases share: SQL rows, the catalogue they read metrics from, the row → JSON mapping. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { getMetric, listMetrics, metricSeries, type MetricDef, type Series, type SeriesQuery } from '@modules/analytics';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { isAdditive, PERIOD_DAYS, type AlertState, type AlertWhen, type MetricJson, type TargetPeriod, type TrackerDirection, type TrackerJson, type TrackerStatus } from './contract';

export const rows = <T>(db: Db, query: SQL) => sqlRows<T>(db, query);
export const day = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
export const dayOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : day(v));
export const instant = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** The last whole day in Dubai: trackers are computed up to it, so a day in progress never raises an alert. */
export const lastCompleteDay = (now: Date = new Date()) => addDays(todayInDubai(now), -1);

/** The metric catalogue a tracker reads (modules/analytics); tests may hand in their own. */
export type Catalogue = {
  listMetrics: (db: Db) => Promise<MetricDef[]>;
  getMetric: (db: Db, key: string) => Promise<MetricDef | null>;
  metricSeries: (db: Db, q: SeriesQuery) => Promise<Series>;
};
export const defaultCatalogue: Catalogue = { listMetrics, getMetric, metricSeries };

export const metricJson = (m: MetricDef): MetricJson => ({
  key: m.key,
  label: m.label,
  group: m.group,
  description: m.description,
  unit: m.unit,
  aggregation: m.aggregation,
  dimensions: [...m.dimensions],
});

export type TrackerRow = {
  id: string;
  name: string;
  metric: string;
  cost_center_id: string | null;
  cost_center_name: string | null;
  property_id: string | null;
  property_name: string | null;
  direction: TrackerDirection;
  target: string;
  target_period: TargetPeriod;
  threshold: string;
  alert_when: AlertWhen;
  status: TrackerStatus;
  alert_state: AlertState;
  owner_id: string | null;
  owner_name: string | null;
  last_computed_on: string | Date | null;
  last_alerted_on: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
};

export const TRACKER_SELECT = sql`select t.id, t.name, t.metric, t.cost_center_id, cc.name as cost_center_name, t.property_id, p.title as property_name,
    t.direction, t.target::text, t.target_period, t.threshold::text, t.alert_when, t.status, t.alert_state, t.owner_id,
    nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as owner_name,
    t.last_computed_on, t.last_alerted_on, t.created_at, t.updated_at
  from trackers t
  left join ledger_cost_centers cc on cc.id = t.cost_center_id
  left join properties p on p.id = t.property_id
  left join users u on u.id = t.owner_id`;

/** The tracked value of each day: the daily value, or its sum over the trailing target period for additive metrics. */
export function trackedValues(points: { date: string; value: bigint }[], window: number): { date: string; value: bigint; tracked: bigint }[] {
  const byDate = new Map(points.map((p) => [p.date, p.value]));
  return points.map((p) => {
    if (window <= 1) return { ...p, tracked: p.value };
    let sum = 0n;
    for (let i = 0; i < window; i++) sum += byDate.get(addDays(p.date, -i)) ?? 0n;
    return { ...p, tracked: sum };
  });
}

export const windowOf = (metric: Pick<MetricDef, 'unit' | 'aggregation'> | null, period: TargetPeriod) => (metric && isAdditive(metric) ? PERIOD_DAYS[period] : 1);

/** Target attainment in basis points, rounded down; null without a value or with a zero target. */
export function vsTargetBps(value: bigint | null, target: bigint): number | null {
  if (value === null || target === 0n) return null;
  const bps = (value * 10_000n) / target;
  return Number(bps > 1_000_000_000n ? 1_000_000_000n : bps < -1_000_000_000n ? -1_000_000_000n : bps);
}

/** The recent daily points of some trackers (for the latest value and the sparkline), oldest first. */
export async function recentPoints(db: Db, ids: string[], days = 60): Promise<Map<string, { date: string; value: bigint }[]>> {
  const out = new Map<string, { date: string; value: bigint }[]>();
  if (!ids.length) return out;
  const found = await rows<{ tracker_id: string; date: string | Date; value: string }>(
    db,
    sql`select p.tracker_id, p.date, p.value::text from tracker_points p join trackers t on t.id = p.tracker_id
         where p.tracker_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) and t.last_computed_on is not null and p.date > t.last_computed_on - ${days}::int
         order by p.tracker_id, p.date`,
  );
  for (const r of found) out.set(r.tracker_id, [...(out.get(r.tracker_id) ?? []), { date: day(r.date), value: BigInt(r.value) }]);
  return out;
}

export function trackerJson(r: TrackerRow, metric: MetricDef | null, points: { date: string; value: bigint }[]): TrackerJson {
  const period = r.target_period;
  const tracked = trackedValues(points, windowOf(metric, period));
  const last = tracked.at(-1) ?? null;
  const target = BigInt(r.target);
  return {
    id: r.id,
    name: r.name,
    metric: r.metric,
    metricLabel: metric?.label ?? r.metric,
    metricGroup: metric?.group ?? 'Unknown',
    unit: metric?.unit ?? 'count',
    aggregation: metric?.aggregation ?? 'flow',
    additive: metric ? isAdditive(metric) : false,
    costCenterId: r.cost_center_id,
    costCenterName: r.cost_center_name,
    propertyId: r.property_id,
    propertyName: r.property_name,
    direction: r.direction,
    target: r.target,
    targetPeriod: period,
    threshold: r.threshold,
    alertWhen: r.alert_when,
    status: r.status,
    alertState: r.alert_state,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    latestValue: last ? last.tracked.toString() : null,
    latestDate: last?.date ?? null,
    vsTargetBps: vsTargetBps(last?.tracked ?? null, target),
    spark: tracked.slice(-30).map((p) => p.tracked.toString()),
    lastComputedOn: dayOrNull(r.last_computed_on),
    lastAlertedOn: dayOrNull(r.last_alerted_on),
    createdAt: instant(r.created_at),
    updatedAt: instant(r.updated_at),
  };
}
