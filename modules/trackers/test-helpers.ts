/** Shared set-up for the tracker suites (not a test file itself): a small catalogue whose daily values a test sets. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import type { MetricDef, SeriesQuery } from '@modules/analytics';
import { addDays } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { Catalogue } from './shared';

export const FAKE_METRICS: MetricDef[] = [
  { key: 'test.signups', label: 'Test sign-ups', group: 'Test', description: 'People who signed up.', unit: 'count', aggregation: 'flow', dimensions: [] },
  { key: 'test.aum', label: 'Test AUM', group: 'Test', description: 'Assets under management.', unit: 'money', aggregation: 'stock', dimensions: ['property'] },
  { key: 'test.wait', label: 'Test time to approve', group: 'Test', description: 'Days to approve.', unit: 'days', aggregation: 'flow', dimensions: ['costCenter'] },
];

/** A catalogue over `values` (metric → date → value); it counts its series calls. */
export function fakeCatalogue(values: Map<string, Map<string, bigint>> = new Map()) {
  const calls: SeriesQuery[] = [];
  const catalogue: Catalogue = {
    listMetrics: async () => FAKE_METRICS,
    getMetric: async (_db, key) => FAKE_METRICS.find((m) => m.key === key) ?? null,
    metricSeries: async (_db, query) => {
      calls.push(query);
      const metric = FAKE_METRICS.find((m) => m.key === query.metric);
      if (!metric) throw new Error(`unknown metric ${query.metric}`);
      const points = [];
      for (let d = query.from; d <= query.to; d = addDays(d, 1)) points.push({ start: d, end: d, value: values.get(query.metric)?.get(d) ?? 0n });
      return { metric, points, total: points.reduce((s, p) => s + p.value, 0n) };
    },
  };
  const set = (metric: string, date: string, value: bigint) => {
    if (!values.has(metric)) values.set(metric, new Map());
    values.get(metric)!.set(date, value);
  };
  return { catalogue, calls, set, values };
}

export const pointsOf = (db: Db, id: string) =>
  q<{ date: string; value: string }>(db, sql`select date::text, value::text from tracker_points where tracker_id = ${id} order by date`);

export const adminAlerts = (db: Db) =>
  q<{ title: string; body: string; link: string }>(db, sql`select title, body, link from notifications where audience = 'admin' and kind = 'tracker_alert' order by created_at, id`);
