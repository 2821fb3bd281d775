/**
 * The SIP planner's maths and validation. Amounts are bigint minor units; the projection runs in
 * AED fils. Nothing here touches floats.
 */
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { convertMinor, type CurrencyCode, divideHalfEven, formatMoney, minorToInput, parseFils } from '@modules/platform/money';
import { RETAIL_ANNUAL_LIMIT_FILS } from './limits';

/** The illustration's growth rate: 10% a year, compounded monthly. */
export const ILLUSTRATIVE_ANNUAL_RATE_BPS = 1000n;
/** The most a monthly plan can be while staying within the retail limit: AED 180,000 / 12 = AED 15,000. */
export const MAX_MONTHLY_FILS = RETAIL_ANNUAL_LIMIT_FILS / 12n;

export const SIP_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);
export const SIP_DURATIONS_YEARS = [1, 3, 5, 10, 15, 20] as const;
export type SipMode = 'automated' | 'manual';

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

/** The minimum and maximum monthly amounts in the chosen currency's minor units. */
export function monthlyBounds(currency: CurrencyCode) {
  return {
    min: convertMinor(MIN_INVESTMENT_FILS, 'AED', currency),
    max: convertMinor(MAX_MONTHLY_FILS, 'AED', currency),
  };
}

export type AmountCheck = { ok: true; minor: bigint; fils: bigint } | { ok: false; error: string };

/** Validates a monthly amount typed in the chosen currency; on success gives it in that currency and in AED fils. */
export function checkMonthlyAmount(input: string, currency: CurrencyCode): AmountCheck {
  if (input.trim() === '') return { ok: false, error: 'Enter how much you want to invest each month.' };
  const minor = parseAmountToMinor(input);
  if (minor === null) return { ok: false, error: 'Enter the amount in numbers, for example 500 or 1,250.50.' };
  const { min, max } = monthlyBounds(currency);
  const inAed = currency === 'AED' ? '' : ` (${formatMoney(MIN_INVESTMENT_FILS, 'AED', { decimals: 0 })})`;
  if (minor < min) return { ok: false, error: `The minimum monthly amount is ${formatMoney(min, currency)}${inAed}.` };
  if (minor > max) {
    return {
      ok: false,
      error: `Retail investors can invest up to ${formatMoney(RETAIL_ANNUAL_LIMIT_FILS, 'AED', { decimals: 0 })} a year, so a monthly plan can be at most ${formatMoney(max, currency)}.`,
    };
  }
  return { ok: true, minor, fils: convertMinor(minor, currency, 'AED') };
}

export function isValidSipDay(day: number): boolean {
  return Number.isInteger(day) && day >= 1 && day <= 28;
}

/** The first collection date on or after `from` for a plan collected on `day` (1-28). */
export function nextCollectionDate(from: Date, day: number): Date {
  if (!isValidSipDay(day)) throw new RangeError('day must be 1-28');
  const y = from.getFullYear();
  const m = from.getMonth();
  return from.getDate() <= day ? new Date(y, m, day) : new Date(y, m + 1, day);
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
