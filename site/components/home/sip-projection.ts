/**
 * Illustrative SIP arithmetic for the home page, in integer minor units (fils) only.
 * Used at build time for the prerendered example and in the browser by the small calculator.
 */
import { divideHalfEven, formatAed } from '@modules/platform/money';

export type SipProjectionInput = {
  /** Amount invested at the start of every month, in fils. */
  monthlyFils: bigint;
  months: number;
  /** Assumed annual return before fees, in basis points (1000 = 10%). Rent is assumed reinvested. */
  annualReturnBps: number;
  /** Annual fee on holdings, in basis points (the 0.5% platform fee = 50). */
  annualFeeBps?: number;
};

export type SipProjection = { contributedFils: bigint; valueFils: bigint; gainFils: bigint };

/**
 * Invests `monthlyFils` at the start of each month, then grows the whole holding by one twelfth of the
 * annual return net of fees (compounded monthly), rounding half-to-even to the fil every month.
 */
export function projectSip({ monthlyFils, months, annualReturnBps, annualFeeBps = 0 }: SipProjectionInput): SipProjection {
  if (monthlyFils < 0n) throw new RangeError('monthly amount must not be negative');
  if (!Number.isInteger(months) || months < 0) throw new RangeError('months must be a whole number, 0 or more');
  if (!Number.isInteger(annualReturnBps) || !Number.isInteger(annualFeeBps)) throw new RangeError('rates must be whole basis points');
  const netBps = BigInt(annualReturnBps - annualFeeBps);
  let value = 0n;
  for (let m = 0; m < months; m++) {
    value += monthlyFils;
    value += divideHalfEven(value * netBps, 120_000n);
  }
  const contributedFils = monthlyFils * BigInt(months);
  return { contributedFils, valueFils: value, gainFils: value - contributedFils };
}

export type CostAveragingRow = { priceFils: bigint; sharesMilli: bigint };
export type CostAveraging = { rows: CostAveragingRow[]; totalFils: bigint; totalSharesMilli: bigint; averageCostFils: bigint; averagePriceFils: bigint };

/**
 * Cost averaging: the same amount each month at different share prices. Shares are counted in
 * thousandths (rounded down, as fractional shares would be); averages are rounded half-to-even.
 */
export function costAveraging(amountFils: bigint, pricesFils: readonly bigint[]): CostAveraging {
  if (pricesFils.length === 0) throw new RangeError('at least one price is needed');
  if (pricesFils.some((p) => p <= 0n)) throw new RangeError('prices must be positive');
  const rows = pricesFils.map((priceFils) => ({ priceFils, sharesMilli: (amountFils * 1000n) / priceFils }));
  const totalFils = amountFils * BigInt(pricesFils.length);
  const totalSharesMilli = rows.reduce((s, r) => s + r.sharesMilli, 0n);
  const averageCostFils = totalSharesMilli === 0n ? 0n : divideHalfEven(totalFils * 1000n, totalSharesMilli);
  const averagePriceFils = divideHalfEven(pricesFils.reduce((s, p) => s + p, 0n), BigInt(pricesFils.length));
  return { rows, totalFils, totalSharesMilli, averageCostFils, averagePriceFils };
}

/** Thousandths of a share as text: 6250n → "6.25", 5000n → "5". */
export function formatShares(milli: bigint): string {
  const whole = milli / 1000n;
  const frac = (milli % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** "6-10%" → { min: 6, max: 10 }; "4%" → { min: 4, max: 4 }. Used to draw the returns breakdown. */
export function parsePercentRange(text: string): { min: number; max: number } {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:[-–]\s*(\d+(?:\.\d+)?))?\s*%\s*$/.exec(text);
  if (!m) throw new Error(`Not a percentage range: ${text}`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (max < min) throw new Error(`Range runs backwards: ${text}`);
  return { min, max };
}

/** Build-time text for an AED amount ("AED 30,000.00"), matching what the currency script renders for AED. */
export function aedLabel(fils: bigint, decimals: 0 | 2 = 2): string {
  return formatAed(fils, { decimals });
}
