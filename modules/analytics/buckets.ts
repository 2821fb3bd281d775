/**
 * Buckets of a series: calendar days, ISO weeks (Monday to Sunday), months and quarters, clipped to the
 * query's range, and the one GROUP BY that sums a source's dated amounts into them (generate_series gives
 * every bucket, so empty ones come back as zero).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { addDays, addMonths, daysBetween, monthStart, quarterStart } from '../platform/dates';
import type { Bucket } from './contract';

export type Range = { start: string; end: string };

const weekday = (d: string) => (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0

export function bucketStart(d: string, bucket: Bucket): string {
  if (bucket === 'day') return d;
  if (bucket === 'week') return addDays(d, -weekday(d));
  if (bucket === 'month') return monthStart(d);
  return quarterStart(d);
}

export function nextBucket(start: string, bucket: Bucket): string {
  if (bucket === 'day') return addDays(start, 1);
  if (bucket === 'week') return addDays(start, 7);
  return addMonths(start, bucket === 'month' ? 1 : 3);
}

/** The buckets covering [from, to], the first and last clipped to the range; null when there would be more than `max`. */
export function bucketRanges(from: string, to: string, bucket: Bucket, max: number): Range[] | null {
  const out: Range[] = [];
  for (let s = bucketStart(from, bucket); s <= to; s = nextBucket(s, bucket)) {
    if (out.length === max) return null;
    const next = nextBucket(s, bucket);
    out.push({ start: s < from ? from : s, end: addDays(next, -1) > to ? to : addDays(next, -1) });
  }
  return out;
}

export const rangeDays = (r: Range) => daysBetween(r.start, r.end) + 1;

const TRUNC: Record<Bucket, { unit: SQL; step: SQL }> = {
  day: { unit: sql.raw(`'day'`), step: sql.raw(`interval '1 day'`) },
  week: { unit: sql.raw(`'week'`), step: sql.raw(`interval '1 week'`) },
  month: { unit: sql.raw(`'month'`), step: sql.raw(`interval '1 month'`) },
  quarter: { unit: sql.raw(`'quarter'`), step: sql.raw(`interval '3 months'`) },
};

export type Sums = { opening: bigint; values: bigint[]; dens: bigint[] };

/**
 * Sums a source (`select day, v …`, or `select day, num, den …` for an average) into the buckets of
 * [from, to] with one GROUP BY; `opening` is the sum of everything before `from` (for a stock).
 */
export async function bucketSums(db: Db, source: SQL, q: { from: string; to: string; bucket: Bucket; ranges: Range[] }, opts: { average?: boolean; opening?: boolean } = {}): Promise<Sums> {
  const { unit, step } = TRUNC[q.bucket];
  const v = opts.average ? sql`num` : sql`v`;
  const found = await sqlRows<{ start: string; v: string; d: string; opening: string }>(
    db,
    sql`with src as (${source}),
          b as (select gs::date as start from generate_series(date_trunc(${unit}, ${q.from}::date::timestamp), ${q.to}::date::timestamp, ${step}) gs),
          f as (select date_trunc(${unit}, day::timestamp)::date as start, sum(${v}) as v, ${opts.average ? sql`sum(den)` : sql`0`} as d
                  from src where day between ${q.from}::date and ${q.to}::date group by 1)
        select b.start::text as start, coalesce(f.v, 0)::text as v, coalesce(f.d, 0)::text as d,
               ${opts.opening ? sql`(select coalesce(sum(v), 0) from src where day < ${q.from}::date)` : sql`0`}::text as opening
          from b left join f on f.start = b.start order by b.start`,
  );
  if (found.length !== q.ranges.length) throw new Error(`analytics: ${found.length} buckets from SQL, ${q.ranges.length} expected`);
  return { opening: BigInt(found[0]?.opening ?? '0'), values: found.map((r) => BigInt(r.v)), dens: found.map((r) => BigInt(r.d)) };
}

/** num ÷ den rounded half away from zero (0 when den is 0). */
export function roundDiv(num: bigint, den: bigint): bigint {
  if (den === 0n) return 0n;
  const neg = num < 0n !== den < 0n;
  const a = num < 0n ? -num : num;
  const b = den < 0n ? -den : den;
  const r = (a * 2n + b) / (2n * b);
  return neg ? -r : r;
}
