/**
 * A property's market: whether it trades (funded and not halted), its price band around the latest valuation
 * per share, and the row lock that serialises matching on it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { SHARE_SCALE } from '@modules/properties/contract';
import { big, q } from '@modules/wallet';
import { exchangeTerms } from './terms';
import { exchangeErrorCodes as codes, exchangeMessages as msg } from './contract';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Statuses whose shares trade on the exchange. */
export const TRADABLE_STATUSES = ['funded'] as const;

export type Market = {
  propertyId: string;
  reference: string;
  title: string;
  status: string;
  tradable: boolean;
  halted: boolean;
  haltReason: string | null;
  bandBps: number;
  /** The market's own band (null: it follows the platform's band setting). */
  ownBandBps: number | null;
  /** Latest valuation per whole share, fils. */
  referencePrice: bigint;
  low: bigint;
  high: bigint;
};

/** The latest valuation of one whole share, fils (rounded down). */
export const valuationPerShare = (valuation: bigint, totalShares: bigint) => (totalShares > 0n ? (valuation * SHARE_SCALE) / totalShares : 0n);

export function bandOf(reference: bigint, bandBps: number) {
  const low = (reference * BigInt(10_000 - bandBps) + 9_999n) / 10_000n;
  const high = (reference * BigInt(10_000 + bandBps)) / 10_000n;
  return { low: low < 1n ? 1n : low, high };
}

type MarketRow = { id: string; reference: string; title: string; status: string; valuation: string; total_shares: string; halted: boolean | null; halt_reason: string | null; band_bps: number | null };

/** The market of a property; with `lock`, the market row is created if missing and locked to commit. A market without its own band takes the band setting in force today. */
export async function loadMarket(tx: Db, propertyId: string, opts: { lock?: boolean } = {}): Promise<Market> {
  if (!UUID.test(propertyId)) throw notFound(msg.propertyNotFound, codes.propertyNotFound);
  if (opts.lock) await tx.execute(sql`insert into exchange_markets (property_id) select id from properties where id = ${propertyId} on conflict do nothing`);
  const [r] = await q<MarketRow>(
    tx,
    sql`select p.id, p.reference, p.title, p.status, p.valuation::text, p.total_shares::text, m.halted, m.halt_reason, m.band_bps
          from properties p ${opts.lock ? sql`join` : sql`left join`} exchange_markets m on m.property_id = p.id
         where p.id = ${propertyId}${opts.lock ? sql` for update of m` : sql``}`,
  );
  if (!r) throw notFound(msg.propertyNotFound, codes.propertyNotFound);
  return marketOf(r, r.band_bps === null ? (await exchangeTerms(tx)).bandBps : 0);
}

/** A market from its row; `defaultBandBps`: the band setting in force, for a market without its own. */
export function marketOf(r: MarketRow, defaultBandBps: number): Market {
  const referencePrice = valuationPerShare(big(r.valuation), big(r.total_shares));
  const bandBps = r.band_bps ?? defaultBandBps;
  const { low, high } = bandOf(referencePrice, bandBps);
  return {
    propertyId: r.id,
    reference: r.reference,
    title: r.title,
    status: r.status,
    tradable: (TRADABLE_STATUSES as readonly string[]).includes(r.status),
    halted: r.halted ?? false,
    haltReason: r.halt_reason,
    bandBps,
    ownBandBps: r.band_bps,
    referencePrice,
    low,
    high,
  };
}

/** Refuses an order the market cannot take: not tradable, halted, or a price outside the band. */
export function assertOrderable(m: Market, price: bigint, formatPrice: (fils: bigint) => string) {
  if (!m.tradable) throw new AppError(422, codes.notTradable, msg.notTradable(m.title));
  if (m.halted) throw new AppError(409, codes.halted, msg.halted(m.title), { reason: m.haltReason });
  if (price < m.low || price > m.high) {
    throw new AppError(422, codes.band, msg.band(formatPrice(m.low), formatPrice(m.high)), { low: m.low.toString(), high: m.high.toString() });
  }
}
