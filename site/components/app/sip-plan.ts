/**
 * The SIP illustration's maths and typed-amount parsing (the plan itself is checked in
 * modules/sip/ui/format.ts). Amounts are bigint minor units; the projection runs in AED fils. No floats.
 */
import { convertMinor, type CurrencyCode, divideHalfEven, minorToInput, parseFils } from '@modules/platform/money';

/** The illustration's growth rate: 10% a year, compounded monthly. */
export const ILLUSTRATIVE_ANNUAL_RATE_BPS = 1000n;
export const SIP_DURATIONS_YEARS = [1, 3, 5, 10, 15, 20] as const;

const CURRENCY_PREFIX = /^(AED|USD|INR|EUR|GBP|[$€£₹])/i;
/** Typed amounts have at most 12 whole digits. */
const MAX_TYPED_MINOR = 10n ** 14n;

/**
 * Parses what a person typed ("1,500", "54.5", "AED 200") into minor units, or null if it is
 * not an amount. At most two decimals; thousands separators and a currency label are tolerated.
 */
export function parseAmountToMinor(input: string): bigint | null {
  const minor = parseFils(input.replace(/,/g, ''), { prefix: CURRENCY_PREFIX });
  return minor !== null && minor < MAX_TYPED_MINOR ? minor : null;
}

export type ProjectionMonth = { month: number; contributed: bigint; value: bigint };
export type ProjectionYear = { year: number; contributed: bigint; value: bigint; gain: bigint };
export type Projection = {
  months: ProjectionMonth[];
  years: ProjectionYear[];
  contributed: bigint;
  value: bigint;
  gain: bigint;
};

/**
 * Pays `monthlyFils` at the start of each month for `years` years and grows the running value at
 * ILLUSTRATIVE_ANNUAL_RATE_BPS / 12 each month (half-even rounding to the fil). Month 0 is the start.
 */
export function projectSip(monthlyFils: bigint, years: number, annualRateBps = ILLUSTRATIVE_ANNUAL_RATE_BPS): Projection {
  if (!Number.isInteger(years) || years < 1 || years > 50) throw new RangeError('years must be 1-50');
  if (monthlyFils < 0n) throw new RangeError('monthly amount must not be negative');
  const months: ProjectionMonth[] = [{ month: 0, contributed: 0n, value: 0n }];
  const years_: ProjectionYear[] = [];
  let contributed = 0n;
  let value = 0n;
  for (let month = 1; month <= years * 12; month++) {
    contributed += monthlyFils;
    value += monthlyFils;
    value += divideHalfEven(value * annualRateBps, 10_000n * 12n);
    months.push({ month, contributed, value });
    if (month % 12 === 0) years_.push({ year: month / 12, contributed, value, gain: value - contributed });
  }
  return { months, years: years_, contributed, value, gain: value - contributed };
}

/** The default monthly amount for a currency: AED 500 converted and rounded to whole units. */
export function defaultMonthlyInput(currency: CurrencyCode): string {
  const minor = convertMinor(50_000n, 'AED', currency);
  return String(divideHalfEven(minor, 100n));
}

/** Re-expresses a typed amount when the currency changes, so the plan keeps its value. */
export function convertInput(input: string, from: CurrencyCode, to: CurrencyCode): string {
  const minor = parseAmountToMinor(input);
  if (minor === null || from === to) return input;
  return minorToInput(convertMinor(minor, from, to));
}
