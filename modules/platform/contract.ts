/**
 * Business constants from the product spec (§3, §9).
 * Browser-safe: the site and the API both import this file.
 */
export const PRODUCT_NAME = 'Manzil';
export const SUPPORT_EMAIL = 'support@manzil.ae';

// Currencies, conversion and money formatting live in ./money (the one home for money); re-exported
// here so existing importers of the contract keep working.
export {
  CURRENCIES,
  CURRENCY_CODES,
  convertMinor,
  divideHalfEven,
  formatMoney,
  isCurrencyCode,
  minorToDecimalString,
  moneyShort,
  type Currency,
  type CurrencyCode,
} from './money';

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
