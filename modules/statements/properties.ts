/**
 * The properties an investor touched, with what returns and statements need of them: shares in issue, the
 * latest valuation and its history (for a value on any past day), and the rent figures the income estimate
 * uses. A value is valuation × units ÷ all units, rounded down to the fil, as the portfolio does.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { DEFAULT_RESERVE_BPS } from '@modules/distributions/contract';
import { SHARE_SCALE } from '@modules/properties/contract';
import { big, q } from '@modules/wallet';

export type PropertyFacts = {
  id: string;
  reference: string;
  slug: string;
  title: string;
  status: string;
  totalUnits: bigint;
  sharePrice: bigint;
  valuation: bigint;
  valuedOn: string | null;
  annualRent: bigint;
  serviceCharges: bigint;
  maintenanceCosts: bigint;
  reserveBps: number;
  /** Valuations by date, oldest first. */
  history: { on: string; valuation: bigint }[];
};

export async function loadProperties(db: Db, ids: string[]): Promise<Map<string, PropertyFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const list = sql.join(
    unique.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [rows, history] = await Promise.all([
    q<{ id: string; reference: string; slug: string; title: string; status: string; total_shares: string; share_price: string; valuation: string; valued_on: string | null; annual_rent: string; service_charges: string; maintenance_costs: string; reserve_bps: number | null }>(
      db,
      sql`select p.id, p.reference, p.slug, p.title, p.status, p.total_shares::text, p.share_price::text, p.valuation::text, p.valued_on::text,
                 p.annual_rent::text, p.service_charges::text, p.maintenance_costs::text, r.reserve_bps
            from properties p left join property_reserve_policies r on r.property_id = p.id
           where p.id in (${list})`,
    ),
    q<{ property_id: string; on: string; valuation: string }>(db, sql`select property_id, valued_on::text as on, valuation::text from property_valuations where property_id in (${list}) order by valued_on`),
  ]);
  const out = new Map<string, PropertyFacts>();
  for (const r of rows) {
    out.set(r.id, {
      id: r.id,
      reference: r.reference,
      slug: r.slug,
      title: r.title,
      status: r.status,
      totalUnits: big(r.total_shares),
      sharePrice: big(r.share_price),
      valuation: big(r.valuation),
      valuedOn: r.valued_on,
      annualRent: big(r.annual_rent),
      serviceCharges: big(r.service_charges),
      maintenanceCosts: big(r.maintenance_costs),
      reserveBps: r.reserve_bps ?? DEFAULT_RESERVE_BPS,
      history: [],
    });
  }
  for (const h of history) out.get(h.property_id)?.history.push({ on: h.on, valuation: big(h.valuation) });
  return out;
}

/**
 * The valuation in force at the end of `date`: the latest one dated on or before it (the property's own
 * latest, or its history); before any, the price investors paid (share price × all shares).
 */
export function valuationAt(p: PropertyFacts, date: string): { valuation: bigint; on: string | null } {
  let found: { valuation: bigint; on: string | null } | null = null;
  for (const h of p.history) if (h.on <= date && (!found || (found.on ?? '') <= h.on)) found = { valuation: h.valuation, on: h.on };
  if (!p.valuedOn || p.valuedOn <= date) {
    // The property's current figure counts from its date (or always, when undated), unless history has a later one.
    if (!found || !p.valuedOn || (found.on ?? '') <= p.valuedOn) return { valuation: p.valuation, on: p.valuedOn };
  }
  if (found) return found;
  return { valuation: (p.sharePrice * p.totalUnits) / SHARE_SCALE, on: null };
}

/** What `units` of the property are worth at `valuation`: valuation × units ÷ all units, rounded down. */
export const valueOf = (p: PropertyFacts, units: bigint, valuation = p.valuation) => (p.totalUnits > 0n ? (units * valuation) / p.totalUnits : 0n);
