/**
 * What a widget asks for: a metric's series, the comparison period's series (same bucket size), and
 * optionally its total per cost center (the leaves of the tree, so nothing counts twice) or per property.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest } from '@api/errors';
import { sqlRows } from '@api/list';
import { getMetric } from './catalogue';
import { seriesToJson } from './contract';
import { comparisonRange, dashboardMessages, type Breakdown, type SeriesRouteQuery, type SeriesResponseJson } from './dashboard-contract';
import { metricSeries } from './series';

const MAX_SLICES = 12;

async function breakdownTotals(db: Db, q: SeriesRouteQuery, by: Breakdown): Promise<SeriesResponseJson['breakdown']> {
  const members =
    by === 'costCenter'
      ? await sqlRows<{ key: string; label: string }>(
          db,
          sql`select c.code as key, c.code || ' ' || c.name as label from ledger_cost_centers c
               where c.archived_at is null and not exists (select 1 from ledger_cost_centers k where k.parent_id = c.id) order by c.code`,
        )
      : await sqlRows<{ key: string; label: string }>(db, sql`select id::text as key, title as label from properties where status <> 'draft' order by reference`);
  const slices = [];
  for (const m of members) {
    const s = await metricSeries(db, { metric: q.metric, from: q.from, to: q.to, bucket: q.bucket, ...(by === 'costCenter' ? { costCenterId: m.key, propertyId: q.propertyId } : { propertyId: m.key, costCenterId: q.costCenterId }) });
    if (s.total !== 0n) slices.push({ key: m.key, label: m.label, total: s.total });
  }
  slices.sort((a, b) => (a.total === b.total ? a.label.localeCompare(b.label) : a.total > b.total ? -1 : 1));
  return slices.slice(0, MAX_SLICES).map((s) => ({ ...s, total: s.total.toString() }));
}

export async function seriesForWidget(db: Db, q: SeriesRouteQuery): Promise<SeriesResponseJson> {
  const metric = await getMetric(db, q.metric);
  if (metric && q.breakdown && !metric.dimensions.includes(q.breakdown)) throw badRequest(dashboardMessages.breakdownUnsupported(metric.label), 'validation_failed');
  const base = { metric: q.metric, bucket: q.bucket, costCenterId: q.costCenterId, propertyId: q.propertyId };
  const series = await metricSeries(db, { ...base, from: q.from, to: q.to });
  const cmp = comparisonRange(q.comparison, q);
  const comparison = cmp ? seriesToJson(await metricSeries(db, { ...base, ...cmp })) : null;
  return { series: seriesToJson(series), comparison, breakdown: q.breakdown ? await breakdownTotals(db, q, q.breakdown) : null };
}
