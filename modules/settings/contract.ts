import { z } from 'zod';
import { EARLY_EXIT_FEE_BPS, EARLY_EXIT_YEARS, LIQUIDITY_POOL_DISCOUNT_BPS, MIN_INVESTMENT_FILS, PERFORMANCE_FEE_BPS, PLATFORM_FEE_BPS, TRANSACTION_CHARGE_BPS } from '../platform/contract';
import { CURRENCY_CODES, SPEC_SCALED_RATES, type CurrencyCode } from '../platform/money';
import { formatAed } from '../platform/money';

const filsString = (label: string, min: bigint, max: bigint) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be an amount in fils` })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (!/^\d+$/.test(s)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number of fils (1 AED = 100 fils)` });
        return z.NEVER;
      }
      const n = BigInt(s);
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between ${formatAed(min, { decimals: 'auto' })} and ${formatAed(max, { decimals: 'auto' })}` });
        return z.NEVER;
      }
      return n;
    });

/** A display-currency rate: units of the currency for 1 USD, stored exactly as rate × 10,000 (83.5 → 835000). */
const rateString = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a rate` })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (!/^\d{1,9}$/.test(s) || BigInt(s) < 1n || BigInt(s) > 100_000_000n) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a positive rate with at most four decimals, up to 10,000 for 1 USD (stored × 10,000: 3.67 → 36700)` });
        return z.NEVER;
      }
      return BigInt(s);
    });

const bpsString = (label: string, min: number, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a percentage in basis points` })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (!/^\d{1,6}$/.test(s) || Number(s) < min || Number(s) > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number of basis points from ${min} to ${max} (100 = 1%)` });
        return z.NEVER;
      }
      return BigInt(s);
    });

/**
 * Every setting the operator can change, with its default (the spec's §9 figures, from the platform contract) and its validation. Values travel as JSON;
 * amounts as strings of fils.
 */
export const SETTINGS = {
  // ── Fees (§9) ──────────────────────────────────────────────────────────────────────────────────
  chargeUaeBankTransferBps: {
    group: 'fees',
    label: 'Transaction charge, UAE bank transfer',
    unit: 'bps',
    description: 'Taken from a deposit by UAE bank transfer, before 5% VAT on the charge.',
    default: String(TRANSACTION_CHARGE_BPS.min),
    schema: bpsString('The UAE bank transfer charge', 0, 1000),
  },
  chargeInternationalTransferBps: {
    group: 'fees',
    label: 'Transaction charge, international transfer',
    unit: 'bps',
    description: 'Taken from a deposit by international bank transfer, before 5% VAT on the charge.',
    default: '100',
    schema: bpsString('The international transfer charge', 0, 1000),
  },
  chargeDebitCardBps: {
    group: 'fees',
    label: 'Transaction charge, debit card',
    unit: 'bps',
    description: 'Taken from a deposit by debit card, before 5% VAT on the charge.',
    default: '150',
    schema: bpsString('The debit card charge', 0, 1000),
  },
  chargeCreditCardBps: {
    group: 'fees',
    label: 'Transaction charge, credit card',
    unit: 'bps',
    description: 'Taken from a deposit by credit card, before 5% VAT on the charge.',
    default: String(TRANSACTION_CHARGE_BPS.max),
    schema: bpsString('The credit card charge', 0, 1000),
  },
  platformFeeBps: {
    group: 'fees',
    label: 'Platform fee (a year)',
    unit: 'bps',
    description: 'Charged monthly on the average value of each investor’s holdings, at this rate a year, plus VAT. Each day accrues at the rate in force that day.',
    default: String(PLATFORM_FEE_BPS),
    schema: bpsString('The platform fee', 0, 500),
  },
  performanceFeeBps: {
    group: 'fees',
    label: 'Performance fee',
    unit: 'bps',
    description: 'Charged on the profit of shares sold on the exchange, to the liquidity pool or at a property exit, never on a loss, plus VAT.',
    default: String(PERFORMANCE_FEE_BPS),
    schema: bpsString('The performance fee', 0, 2000),
  },
  earlyExitFeeBps: {
    group: 'fees',
    label: 'Early exit fee',
    unit: 'bps',
    description: `Charged on the proceeds of shares sold within ${EARLY_EXIT_YEARS} years of buying them, plus VAT.`,
    default: String(EARLY_EXIT_FEE_BPS),
    schema: bpsString('The early exit fee', 0, 1000),
  },
  poolDiscountBps: {
    group: 'fees',
    label: 'Liquidity pool discount',
    unit: 'bps',
    description: 'The liquidity pool buys shares at the latest valuation less this discount.',
    default: String(LIQUIDITY_POOL_DISCOUNT_BPS),
    schema: bpsString('The liquidity pool discount', 0, 5000),
  },
  // ── Limits ─────────────────────────────────────────────────────────────────────────────────────
  minInvestment: {
    group: 'limits',
    label: 'Minimum investment',
    description: 'The smallest purchase of a property’s shares.',
    default: String(MIN_INVESTMENT_FILS),
    schema: filsString('The minimum investment', 100n, 100_000_000n),
  },
  retailAnnualLimit: {
    group: 'limits',
    label: 'Retail investor annual limit',
    description: 'The most a retail investor may invest in any 12 months. Professional investors have no limit.',
    default: '18000000',
    schema: filsString('The retail annual limit', 100_000n, 10_000_000_000n),
  },
  sipMinimum: {
    group: 'limits',
    label: 'SIP minimum monthly amount',
    description: 'The smallest monthly amount of a systematic investment plan.',
    default: String(MIN_INVESTMENT_FILS),
    schema: filsString('The SIP minimum', 100n, 100_000_000n),
  },
  // ── Exchange ───────────────────────────────────────────────────────────────────────────────────
  exchangeBandBps: {
    group: 'exchange',
    label: 'Exchange price band',
    unit: 'bps',
    description: 'Orders must be priced within this band around the latest valuation per share, for every market without a band of its own.',
    default: '2000',
    schema: bpsString('The exchange price band', 100, 10_000),
  },
  poolTotalBudget: {
    group: 'exchange',
    label: 'Liquidity pool budget',
    description: 'The most the liquidity pool may have invested at cost across all properties; lowering it below what it holds only stops new purchases.',
    default: '0',
    schema: filsString('The liquidity pool budget', 0n, 1_000_000_000_000n),
  },
  poolPerPropertyBudget: {
    group: 'exchange',
    label: 'Liquidity pool budget per property',
    description: 'The most the liquidity pool may have invested at cost in any one property.',
    default: '0',
    schema: filsString('The liquidity pool budget per property', 0n, 1_000_000_000_000n),
  },
  // ── Display-currency rates (§3) ────────────────────────────────────────────────────────────────
  ...rateSettings(),
  // ── Approvals ──────────────────────────────────────────────────────────────────────────────────
  fourEyesThreshold: {
    group: 'approvals',
    label: 'Four-eyes threshold',
    description: 'Wallet adjustments, withdrawals and payroll runs above this amount need a second administrator to approve them.',
    default: '1000000',
    schema: filsString('The four-eyes threshold', 10_000n, 1_000_000_000n),
  },
  distributionApprovalThreshold: {
    group: 'approvals',
    label: 'Distribution approval threshold',
    description: 'A rental distribution above this amount needs a second administrator to approve it before it is paid.',
    default: '10000000',
    schema: filsString('The distribution approval threshold', 10_000n, 100_000_000_000n),
  },
  purchaseApprovalThreshold: {
    group: 'approvals',
    label: 'Purchase approval threshold',
    description: 'A purchase request estimated above this amount needs an administrator other than the requester to approve it before it becomes a purchase order.',
    default: '500000',
    schema: filsString('The purchase approval threshold', 0n, 100_000_000_000n),
  },
  matchPriceToleranceBps: {
    group: 'approvals',
    label: 'Three-way match price tolerance',
    unit: 'bps',
    description: 'How far a supplier bill’s unit price may differ from the purchase order before the bill is held for review.',
    default: '200',
    schema: bpsString('The three-way match price tolerance', 0, 5000),
  },
} as const;

function rateSettings() {
  const names: Record<Exclude<CurrencyCode, 'USD'>, string> = { AED: 'UAE Dirham', INR: 'Indian Rupee', EUR: 'Euro', GBP: 'British Pound' };
  const out = {} as Record<`rate${Exclude<CurrencyCode, 'USD'>}`, { group: 'rates'; label: string; unit: 'rate'; description: string; default: string; schema: ReturnType<typeof rateString> }>;
  for (const code of Object.keys(names) as Exclude<CurrencyCode, 'USD'>[]) {
    out[`rate${code}`] = {
      group: 'rates',
      label: `${code} for 1 USD`,
      unit: 'rate',
      description: `How many ${names[code]}s investors see for 1 US dollar when they choose ${code} as their display currency. Amounts are kept in AED; this rate only converts what is shown.`,
      default: SPEC_SCALED_RATES[code].toString(),
      schema: rateString(`The ${code} rate`),
    };
  }
  return out;
}

/** The display-currency rate settings' keys, one per currency other than USD (the rates' base). */
export const RATE_KEYS = { AED: 'rateAED', INR: 'rateINR', EUR: 'rateEUR', GBP: 'rateGBP' } as const;

/** How a setting's value reads: an amount in fils (the default), a percentage in basis points, or a currency rate × 10,000. */
export type SettingUnit = 'fils' | 'bps' | 'rate';
export const settingUnit = (key: SettingKey): SettingUnit => ('unit' in SETTINGS[key] ? (SETTINGS[key] as { unit: SettingUnit }).unit : 'fils');

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export const SETTING_GROUPS = { fees: 'Fees', limits: 'Limits', exchange: 'Exchange', approvals: 'Approvals', rates: 'Display-currency rates' } as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;

/** A change scheduled for a later date. */
export type ScheduledSettingJson = { value: string; effectiveFrom: string; reason: string; changedBy: string | null };
export type SettingJson = {
  key: SettingKey;
  group: SettingGroup;
  label: string;
  description: string;
  unit: SettingUnit;
  /** The value in force today. */
  value: string;
  default: string;
  /** When the value in force took effect (null: the default, never changed). */
  effectiveFrom: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
  /** Changes decided for later dates, soonest first. */
  scheduled: ScheduledSettingJson[];
};
export type SettingChangeJson = { value: string; effectiveFrom: string; reason: string; changedAt: string; changedBy: string | null };

/** Every setting's value in force on a date, parsed (fils and basis points as bigint). */
export type SettingsSnapshot = { [K in SettingKey]: bigint } & {
  on: string;
  /** The date the display-currency rates in force took effect (null: the spec's rates, never changed). */
  ratesFrom?: string | null;
};

/** What investors' screens, quotes and calculations may read (GET /api/settings/public). Amounts in fils, rates in basis points. */
export type PublicSettingsJson = {
  on: string;
  minInvestment: string;
  retailAnnualLimit: string;
  platformFeeBps: number;
  /** Transaction charge per payment method key (wallet's PAYMENT_METHOD_KEYS). */
  transactionChargeBps: Record<string, number>;
  /** The lowest and highest transaction charge, for "0.5% to 2.5%". */
  transactionChargeRange: { min: number; max: number };
  performanceFeeBps: number;
  earlyExitFeeBps: number;
  /** Shares sold within this many years pay the early exit fee. */
  earlyExitYears: number;
  poolDiscountBps: number;
  /** The smallest SIP monthly amount, fils. */
  sipMinimum: string;
  /** The price band of a market without its own, basis points. */
  exchangeBandBps: number;
  /** Display-currency rates: units of each currency for 1 USD × 10,000, as integer strings (USD is 10000). */
  rates: Record<CurrencyCode, string>;
  /** When the rates in force took effect (null: the spec's reference rates). */
  ratesAsOf: string | null;
};

export const updateSettingInput = z.object({
  value: z.union([z.string().max(40, 'value is too long'), z.number()], { error: 'value is required' }),
  /** Today when left out; a later date schedules the change. */
  effectiveFrom: z
    .string({ error: 'effectiveFrom is a date like 2026-12-01.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'effectiveFrom is a date like 2026-12-01.')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'effectiveFrom is a date like 2026-12-01.')
    .optional(),
  reason: z.string({ error: 'reason is text.' }).trim().max(500, 'Keep the reason under 500 characters.').regex(/^[^\u0000]*$/, 'reason is text.').optional(),
});

/** Every setting at its default (what a database never changed reads). */
export function defaultSettings(on: string): SettingsSnapshot {
  const snap = { on } as SettingsSnapshot;
  for (const key of SETTING_KEYS) (snap as Record<SettingKey, bigint>)[key] = BigInt(SETTINGS[key].default);
  return snap;
}

/** Transaction charge per payment method (the wallet's method keys), basis points. */
export const chargeBpsByMethod = (s: Pick<SettingsSnapshot, 'chargeUaeBankTransferBps' | 'chargeInternationalTransferBps' | 'chargeDebitCardBps' | 'chargeCreditCardBps'>): Record<string, number> => ({
  'uae-bank-transfer': Number(s.chargeUaeBankTransferBps),
  'international-transfer': Number(s.chargeInternationalTransferBps),
  'debit-card': Number(s.chargeDebitCardBps),
  'credit-card': Number(s.chargeCreditCardBps),
});

/** What investors' screens read, from the settings in force. */
export function publicSettingsOf(s: SettingsSnapshot): PublicSettingsJson {
  const charges = chargeBpsByMethod(s);
  const rates = Object.values(charges);
  return {
    on: s.on,
    minInvestment: s.minInvestment.toString(),
    retailAnnualLimit: s.retailAnnualLimit.toString(),
    platformFeeBps: Number(s.platformFeeBps),
    transactionChargeBps: charges,
    transactionChargeRange: { min: Math.min(...rates), max: Math.max(...rates) },
    performanceFeeBps: Number(s.performanceFeeBps),
    earlyExitFeeBps: Number(s.earlyExitFeeBps),
    earlyExitYears: EARLY_EXIT_YEARS,
    poolDiscountBps: Number(s.poolDiscountBps),
    sipMinimum: s.sipMinimum.toString(),
    exchangeBandBps: Number(s.exchangeBandBps),
    rates: Object.fromEntries(CURRENCY_CODES.map((c) => [c, (c === 'USD' ? 10_000n : s[RATE_KEYS[c]]).toString()])) as Record<CurrencyCode, string>,
    ratesAsOf: s.ratesFrom ?? null,
  };
}

/** The display-currency rates in force as exact integers (× 10,000), for the money module's conversions. */
export const scaledRatesOf = (p: Pick<PublicSettingsJson, 'rates'>): Record<CurrencyCode, bigint> =>
  Object.fromEntries(CURRENCY_CODES.map((c) => [c, BigInt(p.rates[c] ?? SPEC_SCALED_RATES[c].toString())])) as Record<CurrencyCode, bigint>;

/** Basis points as a percentage: 50 → "0.5%", 200 → "2%"; with `twoPlaces`, 20 → "0.20%" (as the spec writes the performance fee). */
export function pct(bps: number, twoPlaces = false): string {
  const whole = Math.trunc(bps / 100);
  const cents = String(bps % 100).padStart(2, '0');
  const frac = twoPlaces ? cents : cents.replace(/0+$/, '');
  return frac ? `${whole}.${frac}%` : `${whole}%`;
}

export type FeeLine = { key: 'platform' | 'performance' | 'transaction' | 'early-exit' | 'liquidity-pool'; name: string; rate: string; detail: string };

/**
 * The fee schedule as the public pages, the fee FAQ and the assistant print it, with the rates in force (the
 * spec's wording, §9: at the defaults it reads exactly as the spec does).
 */
export function feeScheduleOf(p: PublicSettingsJson): FeeLine[] {
  return [
    { key: 'platform', name: 'Platform fee', rate: `${pct(p.platformFeeBps)} a year`, detail: 'Charged on the value of your holdings, covering property management oversight, reporting and custody.' },
    {
      key: 'performance',
      name: 'Performance fee',
      rate: `${pct(p.performanceFeeBps, true)} of exit profits`,
      detail: 'Charged only on the profit you make when you exit — on the exchange, through the liquidity pool or when the property is sold. No profit, no fee.',
    },
    {
      key: 'transaction',
      name: 'Transaction charges',
      rate: p.transactionChargeRange.min === p.transactionChargeRange.max ? pct(p.transactionChargeRange.min) : `${pct(p.transactionChargeRange.min)} to ${pct(p.transactionChargeRange.max)}`,
      detail: 'Depends on the payment method you fund your wallet with; the exact charge is shown before you confirm.',
    },
    { key: 'early-exit', name: 'Early exit fee', rate: pct(p.earlyExitFeeBps), detail: `If you sell your shares before holding them for ${p.earlyExitYears} years.` },
    {
      key: 'liquidity-pool',
      name: 'Liquidity pool discount',
      rate: pct(p.poolDiscountBps),
      detail: `When you sell through the liquidity pool for a faster exit, shares are bought at a ${pct(p.poolDiscountBps)} discount to their latest valuation.`,
    },
  ];
}

/** The fees that come later (on selling), in force, as the invest panel and checkout list them. */
export type LaterFee = { key: 'performance' | 'early-exit' | 'liquidity-pool'; label: string; rate: string; when: string };
export function laterFeesOf(p: Pick<PublicSettingsJson, 'performanceFeeBps' | 'earlyExitFeeBps' | 'poolDiscountBps' | 'earlyExitYears'>): LaterFee[] {
  return [
    { key: 'performance', label: 'Performance fee', rate: `${pct(p.performanceFeeBps, true)} of your profit`, when: 'Only on the profit you make when you sell or the property is sold.' },
    { key: 'early-exit', label: 'Early exit fee', rate: pct(p.earlyExitFeeBps), when: `If you sell within ${p.earlyExitYears} years of buying.` },
    { key: 'liquidity-pool', label: 'Liquidity pool discount', rate: pct(p.poolDiscountBps), when: 'If you sell through the liquidity pool for a faster exit.' },
  ];
}

/** "Rates as of 26 Nov 2026" (or the spec's reference rates when never changed), beside converted amounts. */
export const ratesNote = (asOf: string | null | undefined): string =>
  asOf ? `Rates as of ${new Date(`${asOf}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}` : 'Reference rates';
