/**
 * The one home for money: amounts are bigint minor units (fils for AED) end to end, never floats.
 * Half-even rounding, exact currency conversion, parsing typed decimals, and every AED and display
 * currency formatter live here. Browser-safe: the site and the API both import this file.
 */

// ---------------------------------------------------------------------------------------------
// Currencies

/** The books' currency. Every debit and credit, balance and limit is in its minor units (fils). */
export const BASE_CURRENCY = 'AED';

/** The currencies an investor can view amounts in (spec §3). */
export const CURRENCY_CODES = ['USD', 'AED', 'INR', 'EUR', 'GBP'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export type Currency = { code: CurrencyCode; symbol: string; name: string; exchangeRate: number; locale: string };

/** Exchange rates relative to USD, as the spec states them (§3). */
export const CURRENCIES: Record<CurrencyCode, Currency> = {
  USD: { code: 'USD', symbol: '$', name: 'US Dollar', exchangeRate: 1, locale: 'en-US' },
  AED: { code: 'AED', symbol: 'AED', name: 'UAE Dirham', exchangeRate: 3.67, locale: 'en-AE' },
  INR: { code: 'INR', symbol: '₹', name: 'Indian Rupee', exchangeRate: 83.5, locale: 'en-IN' },
  EUR: { code: 'EUR', symbol: '€', name: 'Euro', exchangeRate: 0.93, locale: 'en-IE' },
  GBP: { code: 'GBP', symbol: '£', name: 'British Pound', exchangeRate: 0.79, locale: 'en-GB' },
};

/** The spec's rates as exact integers (rate × 10,000) so conversions never touch floats: the defaults of the rate settings. */
export const SPEC_SCALED_RATES: Readonly<Record<CurrencyCode, bigint>> = {
  USD: 10_000n, AED: 36_700n, INR: 835_000n, EUR: 9_300n, GBP: 7_900n,
};

/**
 * The display-currency rates in force (× 10,000). An admin changes them in /admin/settings; the browser takes the
 * server's rates from the page (a meta tag written by the layout) or GET /api/settings/public through
 * setDisplayRates, and the spec's rates apply only until then.
 */
let scaledRate: Record<CurrencyCode, bigint> = { ...SPEC_SCALED_RATES };
let ratesAsOf: string | null = null;

/** Takes the display-currency rates in force (× 10,000, integers) and the date they took effect. */
export function setDisplayRates(rates: Partial<Record<CurrencyCode, bigint | string>>, asOf: string | null): void {
  const next = { ...SPEC_SCALED_RATES };
  for (const code of CURRENCY_CODES) {
    const v = rates[code];
    if (v !== undefined && /^\d+$/.test(String(v)) && BigInt(v) > 0n) next[code] = BigInt(v);
  }
  scaledRate = next;
  ratesAsOf = asOf;
}

/** The display-currency rates in use (× 10,000) and their date (null: the spec's reference rates). */
export const displayRates = (): { rates: Readonly<Record<CurrencyCode, bigint>>; asOf: string | null } => ({ rates: scaledRate, asOf: ratesAsOf });

/** A scaled rate as a decimal string: 835000 → "83.5". */
export function rateText(scaled: bigint): string {
  const whole = scaled / 10_000n;
  const frac = (scaled % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

// In the browser, the layout writes the server's rates into <meta name="manzil-rates" content="AED=36700,…;2026-11-26">.
if (typeof document !== 'undefined') {
  const meta = document.querySelector('meta[name="manzil-rates"]')?.getAttribute('content');
  if (meta) {
    const [pairs = '', asOf = ''] = meta.split(';');
    setDisplayRates(Object.fromEntries(pairs.split(',').map((p) => p.split('=') as [string, string])) as Record<CurrencyCode, string>, asOf || null);
  }
}

export function isCurrencyCode(v: unknown): v is CurrencyCode {
  return typeof v === 'string' && (CURRENCY_CODES as readonly string[]).includes(v);
}

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

/** An ISO 4217 code this runtime knows ("USD", "KWD"), for foreign-currency journal lines. */
export function isKnownCurrency(currency: string): boolean {
  if (!/^[A-Z]{3}$/.test(currency)) return false;
  try {
    return Intl.supportedValuesOf('currency').includes(currency);
  } catch {
    return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Arithmetic on minor units

/** Divides with round-half-to-even (banker's rounding), for bigint minor units: 5/2 → 2, 7/2 → 4, -5/2 → -2. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  if (denominator < 0n) return divideHalfEven(-numerator, -denominator);
  const q = numerator / denominator;
  const r = numerator % denominator;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < denominator) return q;
  const away = numerator < 0n ? q - 1n : q + 1n;
  if (twice > denominator) return away;
  return q % 2n === 0n ? q : away;
}

/** A rate in basis points of an amount, rounded half to even once: 50 bps of 12,345 fils → 62. */
export function applyBps(amount: bigint, bps: bigint | number): bigint {
  return divideHalfEven(amount * BigInt(bps), 10_000n);
}

export const absMinor = (amount: bigint) => (amount < 0n ? -amount : amount);

/** A JSON amount (string or number of minor units) or a bigint, as a bigint. Anything unreadable is 0. */
export function toFils(value: bigint | string | number | null | undefined): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : 0n;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return BigInt(value.trim());
  return 0n;
}

export const sumFils = (values: (bigint | string | number | null | undefined)[]) => values.reduce<bigint>((s, v) => s + toFils(v), 0n);

// ---------------------------------------------------------------------------------------------
// Conversion

/** Converts an amount in minor units between the display currencies (all have 2 decimals), half-even. */
export function convertMinor(amount: bigint, from: CurrencyCode, to: CurrencyCode, rates: Readonly<Record<CurrencyCode, bigint>> = scaledRate): bigint {
  if (from === to) return amount;
  return divideHalfEven(amount * rates[to], rates[from]);
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
 * Converts an amount in any currency's minor units to fils of AED at `rate` (AED per one unit of that
 * currency), rounding half to even once, at the end. 100.00 USD at 3.6725 → 36725 fils.
 */
export function toBaseMinor(originalMinor: bigint, currency: string, rate: string): bigint {
  if (currency === BASE_CURRENCY) return originalMinor;
  const { digits, scale } = parseRate(rate);
  const numerator = originalMinor * digits * 10n ** BigInt(minorDigits(BASE_CURRENCY));
  const denominator = 10n ** BigInt(scale + minorDigits(currency));
  return divideHalfEven(numerator, denominator);
}

// ---------------------------------------------------------------------------------------------
// Decimal strings (journals, CSV, inputs)

/** Minor units → a decimal string with two places, sign kept, without floats (5450n → "54.50", -5n → "-0.05"). */
export function minorToDecimalString(amount: bigint): string {
  return minorToDecimal(amount, 2);
}

/** Fils → "1234.56" (sign kept), for journals and CSV. */
export const filsToDecimal = minorToDecimalString;

/** Minor units → decimal string with the currency's places (or `digits` places): 1005n KWD → "1.005". */
export function minorToDecimal(amount: bigint, currencyOrDigits: string | number): string {
  const digits = typeof currencyOrDigits === 'number' ? currencyOrDigits : minorDigits(currencyOrDigits);
  if (digits === 0) return amount.toString();
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const unit = 10n ** BigInt(digits);
  const s = `${abs / unit}.${(abs % unit).toString().padStart(digits, '0')}`;
  return negative ? `-${s}` : s;
}

/** Minor units as plain input text: 455041n → "4550.41", 20000n → "200". */
export function minorToInput(minor: bigint): string {
  const s = minorToDecimalString(minor);
  return s.endsWith('.00') ? s.slice(0, -3) : s;
}

/** Digits with optional well-placed thousands commas, and up to two decimals. */
const DECIMAL = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/;

/**
 * A decimal amount as typed ("1,250.5", "1250.50", ".5", "AED 300", "-12") → minor units, or null when
 * it isn't one. Commas must group thousands properly ("1,23" is refused rather than misread), at most
 * two decimals (a third is refused, never rounded away), spaces ignored; a leading minus only with
 * `allowNegative`. Blank is null.
 */
export function parseFils(text: string, opts: { allowNegative?: boolean; prefix?: RegExp } = {}): bigint | null {
  let s = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  s = s.replace(opts.prefix ?? /^AED/i, '');
  let negative = false;
  if (opts.allowNegative && /^[-−]/.test(s)) {
    negative = true;
    s = s.slice(1);
  }
  const m = DECIMAL.exec(s);
  if (!m || (m[1] === undefined && !m[2])) return null;
  const fils = BigInt((m[1] ?? '0').replace(/,/g, '')) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return negative ? -fils : fils;
}

// ---------------------------------------------------------------------------------------------
// Formatting

/** "1234567" → "1,234,567". */
export const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

export type NegativeStyle = 'minus' | 'parens';
export type FilsFormat = {
  /** Thousands separators (default true). */
  grouping?: boolean;
  /** 2 (default), 0 (rounded half to even), or 'auto': no decimals for whole amounts. */
  decimals?: 0 | 2 | 'auto';
  /** '-1,250.00' (default) or the accountants' '(1,250.00)'. */
  negative?: NegativeStyle;
};

function parts(value: bigint | string | number | null | undefined, opts: FilsFormat): { negative: boolean; text: string } {
  const fils = toFils(value);
  let abs = absMinor(fils);
  const decimals = opts.decimals ?? 2;
  if (decimals === 0) abs = divideHalfEven(abs, 100n) * 100n;
  const whole = opts.grouping === false ? (abs / 100n).toString() : groupThousands((abs / 100n).toString());
  const frac = abs % 100n;
  const text = decimals === 0 || (decimals === 'auto' && frac === 0n) ? whole : `${whole}.${frac.toString().padStart(2, '0')}`;
  return { negative: fils < 0n && abs !== 0n, text };
}

/** Fils → "1,250.00"; negatives "-1,250.00" or "(1,250.00)". */
export function formatFils(value: bigint | string | number | null | undefined, opts: FilsFormat = {}): string {
  const { negative, text } = parts(value, opts);
  if (!negative) return text;
  return opts.negative === 'parens' ? `(${text})` : `-${text}`;
}

/** Fils → "AED 1,250.00" (plain space); negatives "-AED 1,250.00" or "(AED 1,250.00)". */
export function formatAed(value: bigint | string | number | null | undefined, opts: FilsFormat = {}): string {
  const { negative, text } = parts(value, opts);
  if (!negative) return `AED ${text}`;
  return opts.negative === 'parens' ? `(AED ${text})` : `-AED ${text}`;
}

/** Minor units of a display currency in its own locale via Intl: "$54.50", "₹4,550.41", "AED 1,250.00". */
export function formatMoney(amount: bigint, currency: CurrencyCode, opts: { decimals?: 0 | 2 } = {}): string {
  const decimals = opts.decimals ?? 2;
  const { locale } = CURRENCIES[currency];
  const value = decimals === 0 ? minorToDecimalString(divideHalfEven(amount, 100n) * 100n) : minorToDecimalString(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    // Intl reads a decimal string exactly (no float), so amounts beyond 2^53 stay exact.
  }).format(value as unknown as number);
}

/** AED fils shown in a display currency: converted half-even, then formatted in that currency's locale. */
export function formatFilsIn(fils: bigint, currency: CurrencyCode, opts: { decimals?: 0 | 2 } = {}): string {
  return formatMoney(convertMinor(fils, 'AED', currency), currency, opts);
}

/** Money with millions shortened for cards: "AED 3.26M", "AED 730K", "₹272.4M" (minor units of `code`). */
export function moneyShort(minor: string | bigint, code: CurrencyCode = 'AED'): string {
  const whole = BigInt(minor) / 100n;
  const label = code === 'AED' ? 'AED ' : CURRENCIES[code].symbol;
  if (whole >= 1_000_000n) {
    const hundredths = (whole * 100n + 500_000n) / 1_000_000n; // hundredths of a million, rounded
    const s = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`.replace(/\.?0+$/, '');
    return `${label}${s}M`;
  }
  if (whole >= 10_000n) return `${label}${(whole + 500n) / 1000n}K`;
  return formatMoney(BigInt(minor), code, { decimals: 0 });
}

/** Chart-axis money in the currency's locale, compact ("$1.2K", "₹4.6L"); floats allowed for pixel values. */
export function formatMoneyCompact(minor: bigint | number, currency: CurrencyCode): string {
  const value = typeof minor === 'bigint' ? (minorToDecimalString(minor) as unknown as number) : minor / 100;
  return new Intl.NumberFormat(CURRENCIES[currency].locale, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
