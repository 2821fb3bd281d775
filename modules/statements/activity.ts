/**
 * Everything an investor did that moved money or units, read straight from the documents: purchases
 * (primary and SIP), units bought and sold on the exchange, to the pool and at exits, distributions paid,
 * platform fee charges and their later collections, deposits and their charges. Days are Dubai days
 * (UTC+4 all year). Returns, the calendar and statements are all computed from this one read.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { big, q } from '@modules/wallet';

const DAY = sql`interval '4 hours'`;

export type Acquisition = {
  propertyId: string;
  date: string;
  reference: string;
  kind: 'purchase' | 'exchange';
  units: bigint;
  /** Principal (purchase) or gross (exchange): the FIFO cost of the lot. */
  cost: bigint;
  /** Transaction charge and its VAT on a purchase (0 on the exchange). */
  fee: bigint;
  vat: bigint;
  /** What left the wallet: cost + fee + vat. */
  total: bigint;
  /** A purchase cancelled within 48 hours: the day it was refunded (it then counts for nothing). */
  cancelledOn: string | null;
  seq: bigint;
};

export type Sale = {
  propertyId: string;
  date: string;
  reference: string;
  venue: string;
  units: bigint;
  gross: bigint;
  cost: bigint;
  earlyExitFee: bigint;
  performanceFee: bigint;
  vat: bigint;
  net: bigint;
};

export type DistributionPaid = {
  propertyId: string;
  date: string;
  number: string;
  period: string;
  units: bigint;
  amount: bigint;
  feeNetted: bigint;
  reinvested: bigint;
  runUnits: bigint;
  runAmount: bigint;
};

/** A payment of platform fee (at the charge, or a later collection), with the charge's per-property accruals to split it by. */
export type PlatformPayment = { date: string; amount: bigint; weights: { propertyId: string; weight: bigint }[] };
export type PlatformCharge = { date: string; fee: bigint; vat: bigint; paid: bigint };
export type DepositCharge = { date: string; charge: bigint; vat: bigint };

export type Activity = {
  acquisitions: Acquisition[];
  sales: Sale[];
  distributions: DistributionPaid[];
  platformPayments: PlatformPayment[];
  platformCharges: PlatformCharge[];
  platformCollections: { date: string; amount: bigint }[];
  depositCharges: DepositCharge[];
};

type Calc = { propertyId?: string; accruedMicro?: string }[];

export async function loadActivity(db: Db, userId: string): Promise<Activity> {
  const [purchases, buys, sales, dists, charges, collections, deposits] = await Promise.all([
    q<{ property_id: string; on: string; receipt_no: string; units: string; principal: string; fee: string; vat: string; total: string; cancelled_on: string | null }>(
      db,
      sql`select property_id, (created_at + ${DAY})::date::text as on, receipt_no::text, units::text, principal::text, fee::text, vat::text, total::text,
                 case when status = 'cancelled' then coalesce((cancelled_at + ${DAY})::date, (created_at + ${DAY})::date)::text end as cancelled_on
            from investments where user_id = ${userId} order by created_at, receipt_no`,
    ),
    q<{ property_id: string; on: string; number: string; units: string; gross: string }>(
      db,
      sql`select property_id, (created_at + ${DAY})::date::text as on, number::text, units::text, gross::text
            from exchange_trades where buyer_id = ${userId} order by created_at, number`,
    ),
    q<{ property_id: string; on: string; number: string; venue: string; units: string; gross: string; cost: string; early_exit_fee: string; performance_fee: string; vat: string; net: string }>(
      db,
      sql`select property_id, (created_at + ${DAY})::date::text as on, number::text, venue, units::text, gross::text, cost::text,
                 early_exit_fee::text, performance_fee::text, vat::text, net::text
            from exchange_trades where seller_id = ${userId} order by created_at, number`,
    ),
    q<{ property_id: string; on: string; number: string; period: string; units: string; amount: string; fee_netted: string; reinvested: string; run_units: string; run_amount: string }>(
      db,
      sql`select r.property_id, (r.paid_at + ${DAY})::date::text as on, r.number::text, r.period, l.units::text, l.amount::text,
                 l.fee_netted::text, l.reinvested::text, r.units::text as run_units, r.amount::text as run_amount
            from distribution_lines l join distribution_runs r on r.id = l.run_id
           where l.user_id = ${userId} and r.status = 'paid' and r.paid_at is not null
           order by r.paid_at, r.number`,
    ),
    q<{ id: string; on: string; fee: string; vat: string; paid: string; calculation: Calc | string | null }>(
      db,
      sql`select id, (created_at + ${DAY})::date::text as on, fee::text, vat::text, paid::text, calculation
            from platform_fee_charges where user_id = ${userId} order by created_at, number`,
    ),
    q<{ charge_id: string; on: string; amount: string }>(
      db,
      sql`select charge_id, (created_at + ${DAY})::date::text as on, amount::text
            from platform_fee_collections where user_id = ${userId} order by created_at`,
    ),
    q<{ on: string; charge: string; vat: string }>(
      db,
      sql`select (coalesce(confirmed_at, created_at) + ${DAY})::date::text as on, charge::text, vat::text
            from wallet_deposits where user_id = ${userId} and status = 'confirmed' order by confirmed_at`,
    ),
  ]);

  const acquisitions: Acquisition[] = [
    ...purchases.map((p) => ({
      propertyId: p.property_id,
      date: p.on,
      reference: `MZI-${p.receipt_no.padStart(6, '0')}`,
      kind: 'purchase' as const,
      units: big(p.units),
      cost: big(p.principal),
      fee: big(p.fee),
      vat: big(p.vat),
      total: big(p.total),
      cancelledOn: p.cancelled_on,
      seq: big(p.receipt_no),
    })),
    ...buys.map((b) => ({
      propertyId: b.property_id,
      date: b.on,
      reference: `TRD-${b.number.padStart(6, '0')}`,
      kind: 'exchange' as const,
      units: big(b.units),
      cost: big(b.gross),
      fee: 0n,
      vat: 0n,
      total: big(b.gross),
      cancelledOn: null,
      seq: big(b.number),
    })),
  ].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.kind !== b.kind ? (a.kind === 'purchase' ? -1 : 1) : a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));

  const weightsOf = new Map<string, { propertyId: string; weight: bigint }[]>();
  for (const c of charges) {
    const calc: Calc = typeof c.calculation === 'string' ? (JSON.parse(c.calculation) as Calc) : (c.calculation ?? []);
    weightsOf.set(
      c.id,
      calc.filter((x) => typeof x.propertyId === 'string' && /^-?\d+$/.test(String(x.accruedMicro ?? ''))).map((x) => ({ propertyId: x.propertyId!, weight: BigInt(String(x.accruedMicro)) })),
    );
  }
  const platformPayments: PlatformPayment[] = [
    ...charges.filter((c) => big(c.paid) > 0n).map((c) => ({ date: c.on, amount: big(c.paid), weights: weightsOf.get(c.id) ?? [] })),
    ...collections.map((c) => ({ date: c.on, amount: big(c.amount), weights: weightsOf.get(c.charge_id) ?? [] })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  return {
    acquisitions,
    sales: sales.map((s) => ({
      propertyId: s.property_id,
      date: s.on,
      reference: `TRD-${s.number.padStart(6, '0')}`,
      venue: s.venue,
      units: big(s.units),
      gross: big(s.gross),
      cost: big(s.cost),
      earlyExitFee: big(s.early_exit_fee),
      performanceFee: big(s.performance_fee),
      vat: big(s.vat),
      net: big(s.net),
    })),
    distributions: dists.map((d) => ({
      propertyId: d.property_id,
      date: d.on,
      number: `DIST-${d.number.padStart(6, '0')}`,
      period: d.period,
      units: big(d.units),
      amount: big(d.amount),
      feeNetted: big(d.fee_netted),
      reinvested: big(d.reinvested),
      runUnits: big(d.run_units),
      runAmount: big(d.run_amount),
    })),
    platformPayments,
    platformCharges: charges.map((c) => ({ date: c.on, fee: big(c.fee), vat: big(c.vat), paid: big(c.paid) })),
    platformCollections: collections.map((c) => ({ date: c.on, amount: big(c.amount) })),
    depositCharges: deposits.map((d) => ({ date: d.on, charge: big(d.charge), vat: big(d.vat) })),
  };
}

/**
 * Splits `amount` over `weights` so the parts add up exactly: each part ⌊amount × w / Σw⌋, the fils left over
 * one each to the largest remainders (ties: the larger weight, then the key). Non-positive weights get 0.
 */
export function splitByWeights(amount: bigint, weights: { key: string; weight: bigint }[]): Map<string, bigint> {
  const live = weights.filter((w) => w.weight > 0n);
  const sum = live.reduce((s, w) => s + w.weight, 0n);
  const out = new Map<string, bigint>();
  if (sum <= 0n) return out;
  const parts = live.map((w) => ({ ...w, floor: (amount * w.weight) / sum, rem: (amount * w.weight) % sum }));
  let left = amount - parts.reduce((s, p) => s + p.floor, 0n);
  for (const p of parts) out.set(p.key, (out.get(p.key) ?? 0n) + p.floor);
  const order = [...parts].sort((a, b) => (a.rem !== b.rem ? (a.rem > b.rem ? -1 : 1) : a.weight !== b.weight ? (a.weight > b.weight ? -1 : 1) : a.key < b.key ? -1 : 1));
  for (const p of order) {
    if (left <= 0n) break;
    out.set(p.key, (out.get(p.key) ?? 0n) + 1n);
    left -= 1n;
  }
  return out;
}

/** The platform fee payments attributed to each property by the accruals of the charge they paid. */
export function platformFeesByProperty(payments: PlatformPayment[]): { propertyId: string; date: string; amount: bigint }[] {
  const out: { propertyId: string; date: string; amount: bigint }[] = [];
  for (const p of payments) {
    const split = splitByWeights(
      p.amount,
      p.weights.map((w) => ({ key: w.propertyId, weight: w.weight })),
    );
    for (const [propertyId, amount] of split) if (amount > 0n) out.push({ propertyId, date: p.date, amount });
  }
  return out;
}
