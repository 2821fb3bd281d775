import { divideHalfEven } from '../platform/contract';

/** The ledger's base currency. Every debit and credit is in its minor units (fils). */
export const BASE_CURRENCY = 'AED';

const minorDigitsCache = new Map<string, number>();

/** Decimal places of a currency's minor unit (2 for USD, 3 for KWD and BHD, 0 for JPY), from ISO 4217 via Intl. */
export function minorDigits(currency: string): number {
  let digits = minorDigitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigitsCache.set(currency, digits);
  }
  return digits;
}

export function isKnownCurrency(currency: string): boolean {
  if (!/^[A-Z]{3}$/.test(currency)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(currency);
  } catch {
    return true;
  }
}

/** A positive decimal rate ("3.6725") as an exact fraction: digits / 10^scale. Never a float. */
export function parseRate(rate: string): { digits: bigint; scale: number } {
  const m = /^(\d{1,12})(?:\.(\d{1,12}))?$/.exec(rate.trim());
  if (!m) throw new RangeError(`"${rate}" is not a decimal rate`);
  const fraction = m[2] ?? '';
  const digits = BigInt(m[1] + fraction);
  if (digits === 0n) throw new RangeError('a rate must be greater than zero');
  return { digits, scale: fraction.length };
}

/** Removes trailing zeros from a decimal string ("3.672500000000" → "3.6725"). */
export function normalizeRate(rate: string): string {
  if (!rate.includes('.')) return rate;
  return rate.replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * Converts an amount in a currency's minor units to fils of AED at `rate` (AED per one unit of that
 * currency), rounding half to even once, at the end. 100.00 USD at 3.6725 → 36725 fils.
 */
export function toBaseMinor(originalMinor: bigint, currency: string, rate: string): bigint {
  if (currency === BASE_CURRENCY) return originalMinor;
  const { digits, scale } = parseRate(rate);
  const baseDigits = minorDigits(BASE_CURRENCY);
  const numerator = originalMinor * digits * 10n ** BigInt(baseDigits);
  const denominator = 10n ** BigInt(scale + minorDigits(currency));
  return divideHalfEven(numerator, denominator);
}

/** Fils → "1234.56" (sign kept), for journals and CSV. No floats. */
export function filsToDecimal(amount: bigint): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const s = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${s}` : s;
}

/** Minor units of any currency → decimal string with that currency's places. */
export function minorToDecimal(amount: bigint, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return amount.toString();
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const unit = 10n ** BigInt(digits);
  const s = `${abs / unit}.${(abs % unit).toString().padStart(digits, '0')}`;
  return negative ? `-${s}` : s;
}
