/** The investor's portfolio (holdings at current valuations) and dashboard (allocation, value over time). */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { isKycVerified } from '../auth/contract';
import { SHARE_SCALE } from '../properties/contract';
import { big, dubaiDate, listTransactions, loadUser, q } from '../wallet';
import { unitsToShares, type AllocationSlice, type DashboardJson, type HoldingJson, type PortfolioJson, type ValuePoint } from './contract';
import { propertyRef } from './property-reads';
import { retailLimitFor } from './retail-limit';

type HoldingSqlRow = {
  property_id: string;
  units: string;
  reserved: string | null;
  cost: string;
  reference: string;
  slug: string;
  title: string;
  city: string;
  community: string;
  status: string;
  total_shares: string;
  valuation: string;
  valued_on: string | null;
};

const bpsOf = (part: bigint, whole: bigint) => (whole === 0n ? 0 : Number((part * 10_000n) / whole));

function holdingJson(r: HoldingSqlRow): HoldingJson {
  const units = big(r.units);
  const cost = big(r.cost);
  const total = big(r.total_shares);
  const valuation = big(r.valuation);
  const value = total > 0n ? (units * valuation) / total : 0n;
  return {
    property: propertyRef({ id: r.property_id, reference: r.reference, slug: r.slug, title: r.title, city: r.city, community: r.community, status: r.status }),
    units: units.toString(),
    shares: unitsToShares(units),
    reservedUnits: big(r.reserved ?? '0').toString(),
    cost: cost.toString(),
    currentValue: value.toString(),
    gain: (value - cost).toString(),
    gainBps: bpsOf(value - cost, cost),
    ownershipBps: bpsOf(units, total),
    valuation: valuation.toString(),
    valuedOn: r.valued_on,
    currentSharePrice: total > 0n ? ((valuation * SHARE_SCALE) / total).toString() : '0',
  };
}

async function holdingsOf(db: Db, userId: string): Promise<HoldingJson[]> {
  const rows = await q<HoldingSqlRow>(
    db,
    sql`select h.property_id, h.units::text, h.cost::text, p.reference, p.slug, p.title, p.city, p.community, p.status,
               p.total_shares::text, p.valuation::text, p.valued_on::text,
               (select sum(o.units - o.filled_units) from exchange_orders o
                 where o.user_id = h.user_id and o.property_id = h.property_id and o.side = 'sell' and o.status in ('open', 'partially_filled'))::text as reserved
          from holdings h join properties p on p.id = h.property_id
         where h.user_id = ${userId} and h.units > 0 order by h.cost desc, p.title`,
  );
  return rows.map(holdingJson);
}

export async function getPortfolio(db: Db, userId: string): Promise<PortfolioJson> {
  const holdings = await holdingsOf(db, userId);
  let cost = 0n;
  let value = 0n;
  for (const h of holdings) {
    cost += BigInt(h.cost);
    value += BigInt(h.currentValue);
  }
  return { holdings, totals: { cost: cost.toString(), currentValue: value.toString(), gain: (value - cost).toString(), gainBps: bpsOf(value - cost, cost), properties: holdings.length } };
}

function allocation(entries: { key: string; label: string; value: bigint }[]): AllocationSlice[] {
  const merged = new Map<string, { key: string; label: string; value: bigint }>();
  for (const e of entries) {
    const m = merged.get(e.key);
    if (m) m.value += e.value;
    else merged.set(e.key, { ...e });
  }
  const total = [...merged.values()].reduce((s, e) => s + e.value, 0n);
  return [...merged.values()]
    .sort((a, b) => (a.value === b.value ? a.label.localeCompare(b.label) : a.value > b.value ? -1 : 1))
    .map((e) => ({ key: e.key, label: e.label, value: e.value.toString(), bps: bpsOf(e.value, total) }));
}

/** Month ends of the last 12 months (Dubai dates), then today. */
function seriesDates(now: Date): string[] {
  const today = dubaiDate(now);
  const [y, m] = today.split('-').map(Number);
  const dates: string[] = [];
  for (let i = 12; i >= 1; i--) {
    const end = new Date(Date.UTC(y, m - i, 0)); // day 0 of month (m - i + 1) = last day of month m - i
    dates.push(end.toISOString().slice(0, 10));
  }
  dates.push(today);
  return dates;
}

/** A change of what the investor holds on a date: a purchase (+units, +cost) or a sale on the exchange, to the pool or at an exit (−units, −their cost). */
type Movement = { property_id: string; units: bigint; cost: bigint; on: string; until: string | null };

async function valueOverTime(db: Db, userId: string, now: Date): Promise<ValuePoint[]> {
  const [purchases, trades] = await Promise.all([
    q<{ property_id: string; units: string; principal: string; created: string; cancelled: string | null }>(
      db,
      sql`select property_id, units::text, principal::text, (created_at + interval '4 hours')::date::text as created,
                 (cancelled_at + interval '4 hours')::date::text as cancelled
            from investments where user_id = ${userId}`,
    ),
    q<{ property_id: string; units: string; gross: string; cost: string; on: string; bought: boolean }>(
      db,
      sql`select property_id, units::text, gross::text, cost::text, (created_at + interval '4 hours')::date::text as on, buyer_id = ${userId} as bought
            from exchange_trades where buyer_id = ${userId} or seller_id = ${userId}`,
    ),
  ]);
  const investments: Movement[] = [
    ...purchases.map((i) => ({ property_id: i.property_id, units: big(i.units), cost: big(i.principal), on: i.created, until: i.cancelled })),
    // Bought on the exchange: the units at what they cost; sold: the units out at their (first in, first out) cost.
    ...trades.map((t) => (t.bought ? { property_id: t.property_id, units: big(t.units), cost: big(t.gross), on: t.on, until: null } : { property_id: t.property_id, units: -big(t.units), cost: -big(t.cost), on: t.on, until: null })),
  ];
  const dates = seriesDates(now);
  if (!investments.length) return dates.map((date) => ({ date, invested: '0', value: '0' }));
  const propertyIds = [...new Set(investments.map((i) => i.property_id))];
  const ids = sql.join(propertyIds.map((id) => sql`${id}`), sql`, `);
  const [props, valuations] = await Promise.all([
    q<{ id: string; total_shares: string; valuation: string; valued_on: string | null; share_price: string }>(
      db,
      sql`select id, total_shares::text, valuation::text, valued_on::text, share_price::text from properties where id in (${ids})`,
    ),
    q<{ property_id: string; valued_on: string; valuation: string }>(db, sql`select property_id, valued_on::text, valuation::text from property_valuations where property_id in (${ids}) order by valued_on`),
  ]);
  const propById = new Map(props.map((p) => [p.id, p]));
  const valuationAt = (propertyId: string, date: string): bigint => {
    const p = propById.get(propertyId)!;
    // The latest valuation on the property itself counts from its date (or always, when undated).
    if (!p.valued_on || p.valued_on <= date) {
      const newerHistory = valuations.some((v) => v.property_id === propertyId && v.valued_on <= date && p.valued_on !== null && v.valued_on > p.valued_on);
      if (!newerHistory) return big(p.valuation);
    }
    let found: bigint | null = null;
    for (const v of valuations) if (v.property_id === propertyId && v.valued_on <= date) found = big(v.valuation);
    if (found !== null) return found;
    // Before any recorded valuation: the price investors paid (share price × all shares).
    return (big(p.share_price) * big(p.total_shares)) / SHARE_SCALE;
  };
  return dates.map((date) => {
    let invested = 0n;
    let value = 0n;
    const units = new Map<string, bigint>();
    for (const i of investments) {
      if (i.on > date || (i.until && i.until <= date)) continue;
      invested += i.cost;
      units.set(i.property_id, (units.get(i.property_id) ?? 0n) + i.units);
    }
    for (const [propertyId, u] of units) {
      const p = propById.get(propertyId);
      if (!p) continue;
      const total = big(p.total_shares);
      if (total > 0n) value += (u * valuationAt(propertyId, date)) / total;
    }
    return { date, invested: invested.toString(), value: value.toString() };
  });
}

export async function getDashboard(db: Db, userId: string, now = new Date()): Promise<DashboardJson> {
  const [portfolio, series, recent, retail, user, [wallet], [fees]] = await Promise.all([
    getPortfolio(db, userId),
    valueOverTime(db, userId, now),
    listTransactions(db, userId, { limit: 8, offset: 0 }),
    retailLimitFor(db, userId, now),
    loadUser(db, userId),
    q<{ balance: string; held: string }>(db, sql`select balance::text, held::text from wallets where user_id = ${userId}`),
    q<{ fees: string }>(db, sql`select coalesce(sum(fee + vat), 0)::text as fees from investments where user_id = ${userId} and status = 'active'`),
  ]);
  const balance = big(wallet?.balance);
  const held = big(wallet?.held);
  const holdings = portfolio.holdings;
  return {
    wallet: { balance: balance.toString(), available: (balance - held).toString(), held: held.toString() },
    invested: portfolio.totals.cost,
    feesPaid: big(fees?.fees).toString(),
    value: portfolio.totals.currentValue,
    gain: portfolio.totals.gain,
    gainBps: portfolio.totals.gainBps,
    holdings,
    allocationByProperty: allocation(holdings.map((h) => ({ key: h.property.id, label: h.property.title, value: BigInt(h.currentValue) }))),
    allocationByCity: allocation(holdings.map((h) => ({ key: h.property.city.toLowerCase().replace(/\s+/g, '-'), label: h.property.city, value: BigInt(h.currentValue) }))),
    valueOverTime: series,
    recentTransactions: recent.items,
    retailLimit: retail,
    kycStatus: user?.kycStatus ?? 'not_started',
    kycVerified: isKycVerified(user?.kycStatus),
  };
}
