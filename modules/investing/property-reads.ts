/** Properties as investing reads them: the row, its price quote, and the ledger sub-accounts a purchase posts to. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { quoteInvestment, SHARE_SCALE, type PropertyFinancials, type QuoteTerms } from '../properties/contract';
import { big, q } from '../wallet';
import type { PropertyRef } from './contract';

export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PropertyRow = {
  id: string;
  reference: string;
  slug: string;
  title: string;
  city: string;
  community: string;
  status: string;
  share_price: string;
  total_shares: string;
  shares_sold: string;
  valuation: string;
  valued_on: string | null;
  purchase_price: string;
  acquisition_costs: string;
  funding_target: string;
  annual_rent: string;
  service_charges: string;
  maintenance_costs: string;
  management_fee_bps: number;
  occupancy_bps: number;
};

const PROPERTY_COLUMNS = sql`id, reference, slug, title, city, community, status, share_price::text, total_shares::text, shares_sold::text,
  valuation::text, valued_on::text, purchase_price::text, acquisition_costs::text, funding_target::text, annual_rent::text,
  service_charges::text, maintenance_costs::text, management_fee_bps, occupancy_bps`;

/** A property by its uuid, reference or slug. */
export async function findProperty(db: Db, idOrRef: string): Promise<PropertyRow | null> {
  const where = UUID.test(idOrRef) ? sql`id = ${idOrRef}` : sql`reference = ${idOrRef.toUpperCase()} or slug = ${idOrRef.toLowerCase()}`;
  const [row] = await q<PropertyRow>(db, sql`select ${PROPERTY_COLUMNS} from properties where ${where} limit 1`);
  return row ?? null;
}

export const propertyRef = (p: { id: string; reference: string; slug: string; title: string; city: string; community: string; status: string }): PropertyRef => ({
  id: p.id,
  reference: p.reference,
  slug: p.slug,
  title: p.title,
  city: p.city,
  community: p.community,
  status: p.status,
});

const financialsOf = (p: PropertyRow): PropertyFinancials => ({
  valuation: big(p.valuation),
  fundingTarget: big(p.funding_target),
  annualRent: big(p.annual_rent),
  occupancyBps: p.occupancy_bps,
  serviceCharges: big(p.service_charges),
  maintenanceCosts: big(p.maintenance_costs),
  managementFeeBps: p.management_fee_bps,
});

export function priceFor(p: PropertyRow, amount: bigint, terms: QuoteTerms) {
  return quoteInvestment({
    amountFils: amount,
    sharePrice: big(p.share_price),
    totalShares: big(p.total_shares),
    sharesSold: big(p.shares_sold),
    financials: financialsOf(p),
    method: null,
    terms,
  });
}

/** The largest amount (fils) that still buys only units that are left. */
export const maxAmountFor = (p: PropertyRow) => {
  const left = big(p.total_shares) - big(p.shares_sold);
  return left > 0n ? (left * big(p.share_price)) / SHARE_SCALE : 0n;
};

/**
 * Sub-account codes opened outside any transaction (so committed), remembered per database: a purchase then
 * needs no round trip to find its investor's and property's accounts. Codes never change once used.
 */
const accountCodes = new WeakMap<object, Map<string, string>>();
export async function committedAccountCode(db: Db, key: string, ensure: () => Promise<{ code: string }>): Promise<string> {
  let codes = accountCodes.get(db);
  if (!codes) accountCodes.set(db, (codes = new Map()));
  const known = codes.get(key);
  if (known) return known;
  const { code } = await ensure();
  codes.set(key, code);
  return code;
}
