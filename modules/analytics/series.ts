/**
 * A metric's series over [from, to] in day, week, month or quarter buckets. Ledger metrics read the
 * posting trigger's daily totals (ledger_balances), so a series costs one GROUP BY however many lines were
 * posted; a flow is the bucket's sum, a stock the opening balance plus the cumulative flow.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest } from '@api/errors';
import { sqlRows } from '@api/list';
import { isIsoDate } from '../platform/dates';
import { DEBIT_NORMAL, type AccountType } from '../ledger/contract';
import { getMetric, loadChart, subtreeIds } from './catalogue';
import { BUCKETS, MAX_POINTS, analyticsMessages as msg, type MetricDef, type Series, type SeriesQuery } from './contract';
import { bucketRanges, bucketSums, roundDiv, type Range } from './buckets';
import { opsSource, type OpsFilters } from './ops-metrics';
import { aumAt, yieldSeries } from './ops-series';

type Resolved = { costCenter: { ids: string[]; codes: string[] } | null; property: { id: string; reference: string } | null };

async function resolveCostCenter(db: Db, ref: string): Promise<{ ids: string[]; codes: string[] }> {
  const found = await sqlRows<{ id: string; code: string }>(
    db,
    sql`with recursive down as (select id, code from ledger_cost_centers where id::text = ${ref} or code = ${ref}
          union all select c.id, c.code from ledger_cost_centers c join down on c.parent_id = down.id)
        select id, code from down`,
  );
  if (!found.length) throw new AppError(404, 'cost_center_not_found', msg.costCenterNotFound(ref));
  return { ids: found.map((r) => r.id), codes: found.map((r) => r.code) };
}

async function resolveProperty(db: Db, ref: string): Promise<{ id: string; reference: string }> {
  const [found] = await sqlRows<{ id: string; reference: string }>(db, sql`select id, reference from properties where id::text = ${ref} or reference = ${ref} or slug = ${ref} limit 1`);
  if (!found) throw new AppError(404, 'property_not_found', msg.propertyNotFound(ref));
  return found;
}

async function resolveFilters(db: Db, metric: MetricDef, q: SeriesQuery): Promise<Resolved> {
  if (q.costCenterId && !metric.dimensions.includes('costCenter')) throw badRequest(msg.dimensionUnsupported(metric.label, 'costCenter'), 'validation_failed');
  if (q.propertyId && !metric.dimensions.includes('property')) throw badRequest(msg.dimensionUnsupported(metric.label, 'property'), 'validation_failed');
  const [costCenter, property] = await Promise.all([q.costCenterId ? resolveCostCenter(db, q.costCenterId) : null, q.propertyId ? resolveProperty(db, q.propertyId) : null]);
  return { costCenter, property };
}

const list = (ids: string[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** The ledger's daily amounts for an account (with its sub-accounts) or a whole account type, on the natural side. */
async function ledgerSource(db: Db, metric: MetricDef, f: Resolved): Promise<SQL> {
  let type: AccountType;
  let accounts: SQL;
  if (metric.ledgerAccount) {
    const chart = await loadChart(db, { all: true });
    const root = chart.find((a) => a.code === metric.ledgerAccount)!;
    type = root.type;
    accounts = sql`account_id in (${list(subtreeIds(chart, root.id))})`;
  } else {
    type = metric.key.slice('ledger.group.'.length) as AccountType;
    accounts = sql`account_id in (select id from ledger_accounts where type = ${type})`;
  }
  const amount = DEBIT_NORMAL.includes(type) ? sql`debit - credit` : sql`credit - debit`;
  return sql`select day, ${amount} as v from ledger_balances
              where ${accounts}${metric.aggregation === 'flow' ? sql` and not is_closing` : sql``}${
                f.costCenter ? sql` and cost_center_id in (${list(f.costCenter.ids)})` : sql``
              }${f.property ? sql` and property = ${f.property.reference}` : sql``}`;
}

function checkQuery(q: SeriesQuery): Range[] {
  if (!isIsoDate(q.from) || !isIsoDate(q.to)) throw badRequest(msg.dateFormat, 'invalid_range');
  if (q.from > q.to) throw badRequest(msg.dateRange, 'invalid_range');
  if (!(BUCKETS as readonly string[]).includes(q.bucket)) throw badRequest(msg.bucket, 'validation_failed');
  const ranges = bucketRanges(q.from, q.to, q.bucket, MAX_POINTS);
  if (!ranges) throw badRequest(msg.tooManyPoints(MAX_POINTS), 'invalid_range');
  return ranges;
}

const withPoints = (metric: MetricDef, ranges: Range[], values: bigint[], total?: bigint): Series => ({
  metric,
  points: ranges.map((r, i) => ({ start: r.start, end: r.end, value: values[i] ?? 0n })),
  total: total ?? (metric.aggregation === 'stock' ? (values.at(-1) ?? 0n) : values.reduce((s, v) => s + v, 0n)),
});

/** A metric's values per bucket; throws a 4xx AppError for an unknown metric, a bad range or an unsupported filter. */
export async function metricSeries(db: Db, q: SeriesQuery): Promise<Series> {
  const ranges = checkQuery(q);
  const metric = await getMetric(db, q.metric);
  if (!metric) throw new AppError(404, 'not_found', msg.metricNotFound(q.metric));
  const f = await resolveFilters(db, metric, q);
  const shape = { from: q.from, to: q.to, bucket: q.bucket, ranges };
  const stock = metric.aggregation === 'stock';
  const cumulate = (s: { opening: bigint; values: bigint[] }) => {
    let run = s.opening;
    return s.values.map((v) => (run += v));
  };

  if (metric.key.startsWith('ledger.')) {
    const s = await bucketSums(db, await ledgerSource(db, metric, f), shape, { opening: stock });
    return withPoints(metric, ranges, stock ? cumulate(s) : s.values);
  }
  const ops: OpsFilters = { propertyId: f.property?.id ?? null, costCenterCodes: f.costCenter?.codes ?? null };
  const source = opsSource(metric.key)!;
  if (source.kind === 'aum') return withPoints(metric, ranges, await aumAt(db, ranges.map((r) => r.end), ops.propertyId));
  if (source.kind === 'yield') {
    const y = await yieldSeries(db, shape, ops.propertyId);
    return withPoints(metric, ranges, y.values, y.total);
  }
  if (source.kind === 'average') {
    const s = await bucketSums(db, source.sql(ops), shape, { average: true });
    const total = roundDiv(s.values.reduce((a, b) => a + b, 0n), s.dens.reduce((a, b) => a + b, 0n));
    return withPoints(metric, ranges, s.values.map((v, i) => roundDiv(v, s.dens[i]!)), total);
  }
  const s = await bucketSums(db, source.sql(ops), shape, { opening: stock });
  return withPoints(metric, ranges, stock ? cumulate(s) : s.values);
}
