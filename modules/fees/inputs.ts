/**
 * What the fee arithmetic reads from the database: each investor's dated unit changes per property (from the
 * documents, modules/investing/unit-history.ts), each property's valuation history, and each investor's last
 * charge (where their next window starts and the carry it brings). The liquidity pool's system user is the
 * operator's own holding and pays no fee.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { unitChanges } from '@modules/investing';
import { POOL_EMAIL } from '@modules/exchange/pool-setup';
import { addDays } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import { accrueWindow, firstHoldingDay, settleCharge, vatOn, type FeeRateSchedule, type PropertyHolding, type WindowAccrual } from './accrual';

/** Holdings per investor (the pool left out), each with its property's valuations. */
export async function loadHoldings(db: Db, opts: { through: string; userId?: string }): Promise<Map<string, PropertyHolding[]>> {
  const [changes, [pool]] = await Promise.all([
    unitChanges(db, { through: opts.through, userId: opts.userId }),
    q<{ id: string }>(db, sql`select id from users where lower(email) = ${POOL_EMAIL}`),
  ]);
  const propertyIds = [...new Set(changes.map((c) => c.propertyId))];
  const out = new Map<string, PropertyHolding[]>();
  if (propertyIds.length === 0) return out;
  const ids = JSON.stringify(propertyIds);
  const [props, valuations] = await Promise.all([
    q<{ id: string; reference: string; title: string; total_shares: string; valuation: string; closed_on: string | null }>(
      db,
      sql`select id::text, reference, title, total_shares::text, valuation::text,
                 case when status in ('exited', 'closed') then (closed_at + interval '4 hours')::date::text end as closed_on
            from properties where id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid)`,
    ),
    q<{ property_id: string; valued_on: string; valuation: string }>(
      db,
      sql`select property_id::text, valued_on::text, valuation::text from property_valuations
           where property_id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid) and valued_on <= ${opts.through}::date
           order by property_id, valued_on`,
    ),
  ]);
  const history = new Map<string, { on: string; valuation: bigint }[]>();
  for (const v of valuations) {
    const list = history.get(v.property_id) ?? [];
    list.push({ on: String(v.valued_on).slice(0, 10), valuation: big(v.valuation) });
    history.set(v.property_id, list);
  }
  const property = new Map(props.map((p) => [p.id, p]));
  const byUserProperty = new Map<string, PropertyHolding>();
  for (const c of changes) {
    if (pool && c.userId === pool.id) continue;
    const p = property.get(c.propertyId);
    if (!p) continue;
    const key = `${c.userId} ${c.propertyId}`;
    let h = byUserProperty.get(key);
    if (!h) {
      h = { propertyId: p.id, reference: p.reference, title: p.title, totalUnits: big(p.total_shares), fallbackValuation: big(p.valuation), valuations: history.get(p.id) ?? [], changes: [] };
      byUserProperty.set(key, h);
      const list = out.get(c.userId) ?? [];
      list.push(h);
      out.set(c.userId, list);
    }
    h.changes.push({ date: c.date, delta: c.delta });
  }
  // A sold (exited) or closed property earns no fee after the day it closed, whether or not its units were
  // settled through an exit (an exit's own sales already take them to zero).
  for (const h of byUserProperty.values()) {
    const closedOn = property.get(h.propertyId)?.closed_on;
    if (!closedOn) continue;
    h.changes = h.changes.filter((c) => c.date <= closedOn);
    const left = h.changes.reduce((s, c) => s + c.delta, 0n);
    const after = addDays(closedOn, 1);
    if (left > 0n && after <= opts.through) h.changes.push({ date: after, delta: -left });
  }
  return out;
}

export type LastCharge = { through: string; carryOutMicro: bigint };

/** Each investor's latest charge (by its last day), or none. */
export async function lastCharges(db: Db, userIds?: string[]): Promise<Map<string, LastCharge>> {
  if (userIds && userIds.length === 0) return new Map();
  const only = userIds ? sql`where user_id in (select (jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))::uuid)` : sql``;
  const rows = await q<{ user_id: string; through: string; carry: string }>(
    db,
    sql`select distinct on (user_id) user_id::text, through::text, carry_out_micro::text as carry from platform_fee_charges ${only} order by user_id, through desc`,
  );
  return new Map(rows.map((r) => [r.user_id, { through: String(r.through).slice(0, 10), carryOutMicro: big(r.carry) }]));
}

export type DueCharge = WindowAccrual & { carryInMicro: bigint; fee: bigint; vat: bigint; carryOutMicro: bigint };

/**
 * The charge an investor's window up to `through` comes to: from the day after their last charge (or their first
 * holding day) to `through`. Null when the window is empty or nothing was held in it.
 */
export function dueCharge(holdings: PropertyHolding[] | undefined, last: LastCharge | undefined, through: string, rates?: FeeRateSchedule): DueCharge | null {
  if (!holdings?.length) return null;
  const from = last ? addDays(last.through, 1) : firstHoldingDay(holdings);
  if (!from || from > through) return null;
  const window = accrueWindow(holdings, from, through, rates);
  if (window.properties.length === 0) return null;
  const carryInMicro = last?.carryOutMicro ?? 0n;
  const { fee, carryOutMicro } = settleCharge(carryInMicro, window.accruedMicro);
  return { ...window, carryInMicro, fee, vat: vatOn(fee), carryOutMicro };
}

/** The calculation investors are shown, as stored in platform_fee_charges.calculation. */
export const calculationJson = (c: WindowAccrual) =>
  c.properties.map((p) => ({ propertyId: p.propertyId, reference: p.reference, title: p.title, days: p.days, averageValue: p.averageValue.toString(), accruedMicro: p.accruedMicro.toString() }));
