/**
 * Units held over time, from the documents that move them: purchases (primary and SIP; a cancelled one counts
 * from its purchase to its cancellation), exchange trades bought and sold, sales to the liquidity pool and
 * property exits. Days are Dubai days (UTC+4 all year). At any day the running sum equals what `holdings`
 * held at the end of that day; today it equals `holdings` (tested).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { big, q } from '@modules/wallet';

export type UnitChange = { userId: string; propertyId: string; date: string; delta: bigint };

const DAY = sql`interval '4 hours'`;

/** Every dated change of units, optionally for one user or one property, up to the end of `through`. */
function changesSql(opts: { through: string; userId?: string; propertyId?: string }): SQL {
  const u = (col: SQL) => (opts.userId ? sql` and ${col} = ${opts.userId}` : sql``);
  const p = (col: SQL) => (opts.propertyId ? sql` and ${col} = ${opts.propertyId}` : sql``);
  return sql`
    select user_id, property_id, (created_at + ${DAY})::date as day, units as delta from investments
     where (created_at + ${DAY})::date <= ${opts.through}::date${u(sql`user_id`)}${p(sql`property_id`)}
    union all
    select user_id, property_id, (cancelled_at + ${DAY})::date, -units from investments
     where status = 'cancelled' and cancelled_at is not null and (cancelled_at + ${DAY})::date <= ${opts.through}::date${u(sql`user_id`)}${p(sql`property_id`)}
    union all
    select buyer_id, property_id, (created_at + ${DAY})::date, units from exchange_trades
     where buyer_id is not null and (created_at + ${DAY})::date <= ${opts.through}::date${u(sql`buyer_id`)}${p(sql`property_id`)}
    union all
    select seller_id, property_id, (created_at + ${DAY})::date, -units from exchange_trades
     where (created_at + ${DAY})::date <= ${opts.through}::date${u(sql`seller_id`)}${p(sql`property_id`)}`;
}

/** Units each holder had of `propertyId` at the end of `date` (holders with zero left out). */
export async function holdersAt(db: Db, propertyId: string, date: string): Promise<Map<string, bigint>> {
  const rows = await q<{ user_id: string; units: string }>(
    db,
    sql`select user_id::text, sum(delta)::text as units from (${changesSql({ through: date, propertyId })}) c
         group by user_id having sum(delta) > 0 order by user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, big(r.units)]));
}

/** The net change per user, property and day up to `through`, in date order (zero-sum days left out). */
export async function unitChanges(db: Db, opts: { through: string; userId?: string; propertyId?: string }): Promise<UnitChange[]> {
  const rows = await q<{ user_id: string; property_id: string; on: string; delta: string }>(
    db,
    sql`select user_id::text, property_id::text, day::text as on, sum(delta)::text as delta from (${changesSql(opts)}) c
         group by user_id, property_id, day having sum(delta) <> 0 order by day, user_id, property_id`,
  );
  return rows.map((r) => ({ userId: r.user_id, propertyId: r.property_id, date: r.on, delta: big(r.delta) }));
}
