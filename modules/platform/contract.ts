/**
 * Business constants from the product spec (§3, §9) and the one currency conversion.
 * Browser-safe: the site and the API both import this file.
 */
export const PRODUCT_NAME = 'Manzil';
export const SUPPORT_EMAIL = 'support@manzil.ae';

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

/** Rates as exact integers (rate × 10,000) so conversions never touch floats. */
const scaledRate: Record<CurrencyCode, bigint> = {
  USD: 10_000n, AED: 36_700n, INR: 835_000n, EUR: 9_300n, GBP: 7_900n,
};

export function isCurrencyCode(v: unknown): v is CurrencyCode {
  return typeof v === 'string' && (CURRENCY_CODES as readonly string[]).includes(v);
}

/** Divides with round-half-to-even (banker's rounding), for bigint minor units. */
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

/** Converts an amount in minor units (every catalogue currency has 2 decimals) between currencies. */
export function convertMinor(amount: bigint, from: CurrencyCode, to: CurrencyCode): bigint {
  if (from === to) return amount;
  return divideHalfEven(amount * scaledRate[to], scaledRate[from]);
}

/** Minor units → a decimal string with two places, without floats ("5450" → "54.50"). */
export function minorToDecimalString(amount: bigint): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const s = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${s}` : s;
}

/** Formats minor units for display: two decimals, the currency's own locale (USD uses en-US). */
export function formatMoney(amount: bigint, currency: CurrencyCode, opts: { decimals?: 0 | 2 } = {}): string {
  const decimals = opts.decimals ?? 2;
  const { locale } = CURRENCIES[currency];
  const value = decimals === 0 ? minorToDecimalString(divideHalfEven(amount, 100n) * 100n) : minorToDecimalString(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value as unknown as number);
}

/** Minimum investment and SIP amount: AED 200 (§9). */
export const MIN_INVESTMENT_FILS = 20_000n;

/** Fees as the spec states them (§9), in basis points where they are rates. */
export const FEES = [
  { key: 'platform', name: 'Platform fee', rate: '0.5% a year', detail: 'Charged on the value of your holdings, covering property management oversight, reporting and custody.' },
  { key: 'performance', name: 'Performance fee', rate: '0.20% of exit profits', detail: 'Charged only on the profit you make when you exit — on the exchange, through the liquidity pool or when the property is sold. No profit, no fee.' },
  { key: 'transaction', name: 'Transaction charges', rate: '0.5% to 2.5%', detail: 'Depends on the payment method you fund your wallet with; the exact charge is shown before you confirm.' },
  { key: 'early-exit', name: 'Early exit fee', rate: '0.5%', detail: 'If you sell your shares before holding them for 3 years.' },
  { key: 'liquidity-pool', name: 'Liquidity pool discount', rate: '2%', detail: 'When you sell through the liquidity pool for a faster exit, shares are bought at a 2% discount to their latest valuation.' },
] as const;

export const PLATFORM_FEE_BPS = 50;
export const PERFORMANCE_FEE_BPS = 20;
export const TRANSACTION_CHARGE_BPS = { min: 50, max: 250 } as const;
export const EARLY_EXIT_FEE_BPS = 50;
export const EARLY_EXIT_YEARS = 3;
export const LIQUIDITY_POOL_DISCOUNT_BPS = 200;

/** Stated returns (§9). */
export const RETURNS = {
  total: '10-20%',
  rentalYield: '6-10%',
  appreciation: '4-10%',
} as const;

/** Timings in milliseconds (§9). */
export const TIMINGS = {
  chatReply: 700,
  signupSuccess: 5000,
  loginRedirect: 500,
  mfaRedirect: 300,
  logoutRedirect: 300,
  logoutRedirectOnFailure: 500,
  preload: 3000,
  spinnerDelay: 300,
  progressBar: 3000,
  kycBannerDelay: 2000,
  currencyLookupTimeout: 3000,
} as const;

export const TOAST = { limit: 1, defaultDuration: 5000, authDuration: 5000, logoutDuration: 3000, removeDelay: 1_000_000, swipeThreshold: 50, hotkey: ['F8'] } as const;

export const NARROW_SCREEN_PX = 768;

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
