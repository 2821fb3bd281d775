/**
 * The one pricing function of a sale (the order ticket's quote, the settlement of a trade, a sale to the
 * liquidity pool, a property exit): gross proceeds, the early exit fee on units held less than 3 years
 * (lots first in, first out), the performance fee on the profit of the units sold (never negative), VAT on
 * the fees, and the net. Pure and integer-only: fils and units (SHARE_SCALE per share). The fee rates are the
 * settings in force on the day of the sale, read by the caller (saleFeesOn) and passed in.
 */
import { EARLY_EXIT_YEARS } from '@modules/platform/contract';
import { divideHalfEven } from '@modules/platform/money';
import { FEE_VAT_BPS } from '@modules/wallet/contract';
import { SHARE_SCALE } from '@modules/properties/contract';

/** The fee rates of a sale, basis points: the settings in force on its day (modules/settings). */
export type SaleFees = { earlyExitFeeBps: bigint | number; performanceFeeBps: bigint | number };

/** One acquisition still (partly) held: when, how many units, and what they cost (fils). */
export type Lot = { acquiredOn: string; units: bigint; cost: bigint };

export type LotUse = { acquiredOn: string; units: bigint; cost: bigint; early: boolean };

export type SaleQuote = {
  units: bigint;
  /** Fils per share. */
  price: bigint;
  gross: bigint;
  /** Units of the sale held less than EARLY_EXIT_YEARS (they pay the early exit fee). */
  earlyUnits: bigint;
  earlyExitFee: bigint;
  /** What the units sold cost (FIFO), and the profit over it (negative for a loss). */
  cost: bigint;
  profit: bigint;
  performanceFee: bigint;
  vat: bigint;
  fees: bigint;
  net: bigint;
  lots: LotUse[];
};

/** Proceeds of `units` at `price` fils per share, rounded down (the seller never gets more than the units are worth). */
export const proceedsOf = (units: bigint, price: bigint): bigint => (units * price) / SHARE_SCALE;

/** The date `years` after an ISO date (29 Feb → 28 Feb in a common year). */
export function addYears(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5);
  if (md === '02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return `${y}-02-28`;
  return `${y}-${md}`;
}

/** Units held less than 3 years on `on`: those acquired after `on` minus 3 years. */
export const isEarly = (acquiredOn: string, on: string) => addYears(acquiredOn, EARLY_EXIT_YEARS) > on;

/**
 * Takes `units` from the lots first in, first out (lots sorted oldest first). Each lot's cost is taken in
 * proportion (rounded half-even, the last unit of a lot takes what is left of its cost).
 */
export function takeFifo(lots: Lot[], units: bigint, on: string): LotUse[] {
  const used: LotUse[] = [];
  let left = units;
  for (const lot of [...lots].sort((a, b) => (a.acquiredOn < b.acquiredOn ? -1 : a.acquiredOn > b.acquiredOn ? 1 : 0))) {
    if (left <= 0n) break;
    if (lot.units <= 0n) continue;
    const take = lot.units < left ? lot.units : left;
    const cost = take === lot.units ? lot.cost : divideHalfEven(lot.cost * take, lot.units);
    used.push({ acquiredOn: lot.acquiredOn, units: take, cost, early: isEarly(lot.acquiredOn, on) });
    left -= take;
  }
  if (left > 0n) throw new RangeError(`takeFifo: ${left} units more than the lots hold`);
  return used;
}

/**
 * The quote for selling `units` at `price` (fils per share) on `on` (YYYY-MM-DD, Dubai), from the seller's
 * lots. `gross` overrides the proceeds (a property exit pays a pro-rata share of the sale, not units × price).
 */
export function quoteSale(input: { lots: Lot[]; units: bigint; price: bigint; on: string; fees: SaleFees; gross?: bigint; earlyExit?: boolean }): SaleQuote {
  const lots = takeFifo(input.lots, input.units, input.on);
  const gross = input.gross ?? proceedsOf(input.units, input.price);
  const earlyUnits = input.earlyExit === false ? 0n : lots.filter((l) => l.early).reduce((s, l) => s + l.units, 0n);
  // The early exit fee applies to the proceeds of the early units only.
  const earlyGross = input.units > 0n ? divideHalfEven(gross * earlyUnits, input.units) : 0n;
  const earlyExitFee = divideHalfEven(earlyGross * BigInt(input.fees.earlyExitFeeBps), 10_000n);
  const cost = lots.reduce((s, l) => s + l.cost, 0n);
  const profit = gross - cost;
  const performanceFee = profit > 0n ? divideHalfEven(profit * BigInt(input.fees.performanceFeeBps), 10_000n) : 0n;
  const vat = divideHalfEven((earlyExitFee + performanceFee) * BigInt(FEE_VAT_BPS), 10_000n);
  const fees = earlyExitFee + performanceFee + vat;
  return { units: input.units, price: input.price, gross, earlyUnits, earlyExitFee, cost, profit, performanceFee, vat, fees, net: gross - fees, lots };
}
