/**
 * Assets under management over time and the distribution yield. Units held come from the investing
 * module's unit history (unitChanges: purchases, cancellations, trades, pool sales, exits); each property is
 * valued on a day the way the investor portfolio values it: the latest valuation on or before the day, or,
 * before any, the price investors paid (share price × total shares).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { unitChanges } from '../investing/unit-history';
import { SHARE_SCALE } from '../properties/contract';
import type { Bucket } from './contract';
import { bucketSums, rangeDays, roundDiv, type Range } from './buckets';
import { opsSource } from './ops-metrics';

type PropertyRow = { id: string; total_shares: string; valuation: string; valued_on: string | null; share_price: string };
type ValuationRow = { property_id: string; valued_on: string; valuation: string };

function valuer(props: PropertyRow[], history: ValuationRow[]) {
  const byId = new Map(props.map((p) => [p.id, p]));
  const historyOf = new Map<string, ValuationRow[]>();
  for (const v of history) historyOf.set(v.property_id, [...(historyOf.get(v.property_id) ?? []), v]);
  return (propertyId: string, day: string): bigint => {
    const p = byId.get(propertyId)!;
    const hist = historyOf.get(propertyId) ?? [];
    // The valuation on the property itself counts from its date (always, when undated) unless a later recorded one does.
    if (!p.valued_on) return BigInt(p.valuation);
    if (p.valued_on <= day && !hist.some((v) => v.valued_on > p.valued_on! && v.valued_on <= day)) return BigInt(p.valuation);
    let found: bigint | null = null;
    for (const v of hist) if (v.valued_on <= day) found = BigInt(v.valuation);
    return found ?? (BigInt(p.share_price) * BigInt(p.total_shares)) / SHARE_SCALE;
  };
}

/** The value of all investors' holdings (of one property, if given) at the end of each day in `days` (ascending). */
export async function aumAt(db: Db, days: string[], propertyId: string | null): Promise<bigint[]> {
  if (!days.length) return [];
  const changes = await unitChanges(db, { through: days.at(-1)!, ...(propertyId ? { propertyId } : {}) });
  const ids = [...new Set(changes.map((c) => c.propertyId))];
  if (!ids.length) return days.map(() => 0n);
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const [props, history] = await Promise.all([
    sqlRows<PropertyRow>(db, sql`select id::text, total_shares::text, valuation::text, valued_on::text, share_price::text from properties where id in (${idList})`),
    sqlRows<ValuationRow>(db, sql`select property_id::text, valued_on::text, valuation::text from property_valuations where property_id in (${idList}) order by valued_on`),
  ]);
  const valueOf = valuer(props, history);
  const total = new Map(props.map((p) => [p.id, BigInt(p.total_shares)]));
  const units = new Map<string, bigint>();
  let i = 0;
  return days.map((day) => {
    for (; i < changes.length && changes[i]!.date <= day; i++) units.set(changes[i]!.propertyId, (units.get(changes[i]!.propertyId) ?? 0n) + changes[i]!.delta);
    let value = 0n;
    for (const [id, u] of units) {
      const t = total.get(id) ?? 0n;
      if (u > 0n && t > 0n) value += (u * valueOf(id, day)) / t;
    }
    return value;
  });
}

/**
 * Distributions paid in each bucket over the assets under management at its end, annualised, in basis
 * points: paid × 10,000 × 365 ÷ (AUM × days in the bucket). The total: the range's payments over the AUM at
 * its end and its length.
 */
export async function yieldSeries(db: Db, q: { from: string; to: string; bucket: Bucket; ranges: Range[] }, propertyId: string | null): Promise<{ values: bigint[]; total: bigint }> {
  const source = opsSource('ops.distributions');
  if (source?.kind !== 'sum') throw new Error('analytics: ops.distributions is not a sum');
  const [paid, aum] = await Promise.all([bucketSums(db, source.sql({ propertyId, costCenterCodes: null }), q), aumAt(db, q.ranges.map((r) => r.end), propertyId)]);
  const ratio = (amount: bigint, base: bigint, days: number) => (base > 0n ? roundDiv(amount * 10_000n * 365n, base * BigInt(days)) : 0n);
  const values = q.ranges.map((r, i) => ratio(paid.values[i]!, aum[i]!, rangeDays(r)));
  const totalPaid = paid.values.reduce((s, v) => s + v, 0n);
  const days = q.ranges.reduce((s, r) => s + rangeDays(r), 0);
  return { values, total: ratio(totalPaid, aum.at(-1) ?? 0n, days) };
}
