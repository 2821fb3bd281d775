/** The admin overview: properties by status and the catalogue's totals. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { type PropertyStatus } from './contract';
import { properties } from './schema';

export type PropertyStatsJson = {
  byStatus: Record<PropertyStatus, number>;
  /** Sum of latest valuations of properties investors own (funding, funded), fils. */
  portfolioValue: string;
  /** Raised so far across open and funded properties, fils. */
  raised: string;
  /** Mean net yield of funded properties, bps (null when none). */
  averageNetYieldBps: number | null;
};

export async function propertyStats(db: Db): Promise<PropertyStatsJson> {
  const rows = await db
    .select({
      status: properties.status,
      n: sql<number>`count(*)::int`,
      value: sql<string>`coalesce(sum(${properties.valuation}), 0)::text`,
      raised: sql<string>`coalesce(sum(${properties.fundingTarget} * ${properties.sharesSold} / ${properties.totalShares}), 0)::text`,
      yieldSum: sql<number>`coalesce(sum(${properties.netYieldBps}), 0)::int`,
    })
    .from(properties)
    .groupBy(properties.status);
  const byStatus = { draft: 0, coming_soon: 0, funding: 0, funded: 0, exited: 0, closed: 0 } as Record<PropertyStatus, number>;
  let value = 0n;
  let raised = 0n;
  let funded = { n: 0, sum: 0 };
  for (const r of rows) {
    byStatus[r.status as PropertyStatus] = r.n;
    if (r.status === 'funding' || r.status === 'funded') {
      value += BigInt(r.value);
      raised += BigInt(r.raised);
    }
    if (r.status === 'funded') funded = { n: r.n, sum: r.yieldSum };
  }
  return { byStatus, portfolioValue: value.toString(), raised: raised.toString(), averageNetYieldBps: funded.n ? Math.round(funded.sum / funded.n) : null };
}
