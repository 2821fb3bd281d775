/**
 * An investor's lots of a property, first in first out: what they acquired (primary purchases still active,
 * SIP purchases, and units bought on the exchange) less what they have disposed of (units sold on the
 * exchange, to the pool, or at an exit), taken from the oldest lots first. The pricing function charges the
 * early exit fee and the performance fee from them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { divideHalfEven } from '@modules/platform/money';
import { big, q } from '@modules/wallet';
import type { Lot } from './pricing';

/** Remaining lots of `userId` in `propertyId`, oldest first (dates in Dubai, UTC+4 all year). */
export async function lotsOf(tx: Db, userId: string, propertyId: string): Promise<Lot[]> {
  const rows = await q<{ on: string; units: string; cost: string }>(
    tx,
    sql`select (created_at + interval '4 hours')::date::text as on, units::text, principal::text as cost, 0 as k, receipt_no as n
          from investments where user_id = ${userId} and property_id = ${propertyId} and status = 'active'
        union all
        select (created_at + interval '4 hours')::date::text, units::text, gross::text, 1, number
          from exchange_trades where buyer_id = ${userId} and property_id = ${propertyId}
        order by 1, 4, 5`,
  );
  const [sold] = await q<{ units: string }>(
    tx,
    sql`select coalesce(sum(units), 0)::text as units from exchange_trades where seller_id = ${userId} and property_id = ${propertyId}`,
  );
  return remainingLots(
    rows.map((r) => ({ acquiredOn: r.on, units: big(r.units), cost: big(r.cost) })),
    big(sold.units),
  );
}

/** Lots left after `disposed` units were taken first in, first out (a partly taken lot keeps the rest of its cost). */
export function remainingLots(acquired: Lot[], disposed: bigint): Lot[] {
  const out: Lot[] = [];
  let gone = disposed;
  for (const lot of acquired) {
    if (gone >= lot.units) {
      gone -= lot.units;
      continue;
    }
    if (gone > 0n) {
      const takenCost = divideHalfEven(lot.cost * gone, lot.units);
      out.push({ acquiredOn: lot.acquiredOn, units: lot.units - gone, cost: lot.cost - takenCost });
      gone = 0n;
    } else out.push(lot);
  }
  return out;
}
