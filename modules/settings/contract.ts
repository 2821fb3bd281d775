import { z } from 'zod';
import { MIN_INVESTMENT_FILS, PLATFORM_FEE_BPS, TRANSACTION_CHARGE_BPS } from '../platform/contract';
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

/** How a setting's value reads: an amount in fils (the default) or a percentage in basis points. */
export type SettingUnit = 'fils' | 'bps';
export const settingUnit = (key: SettingKey): SettingUnit => ('unit' in SETTINGS[key] ? (SETTINGS[key] as { unit: SettingUnit }).unit : 'fils');

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export const SETTING_GROUPS = { fees: 'Fees', limits: 'Limits', approvals: 'Approvals' } as const;
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
export type SettingsSnapshot = { [K in SettingKey]: bigint } & { on: string };

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
  };
}
