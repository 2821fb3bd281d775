import { z } from 'zod';
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
 * Every setting the operator can change, with its default and its validation. Values travel as JSON;
 * amounts as strings of fils.
 */
export const SETTINGS = {
  retailAnnualLimit: {
    label: 'Retail investor annual limit',
    description: 'The most a retail investor may invest in any 12 months. Professional investors have no limit.',
    default: '18000000',
    schema: filsString('The retail annual limit', 100_000n, 10_000_000_000n),
  },
  fourEyesThreshold: {
    label: 'Four-eyes threshold',
    description: 'Wallet adjustments and withdrawals above this amount need a second administrator to approve them.',
    default: '1000000',
    schema: filsString('The four-eyes threshold', 10_000n, 1_000_000_000n),
  },
  distributionApprovalThreshold: {
    label: 'Distribution approval threshold',
    description: 'A rental distribution above this amount needs a second administrator to approve it before it is paid.',
    default: '10000000',
    schema: filsString('The distribution approval threshold', 10_000n, 100_000_000_000n),
  },
  purchaseApprovalThreshold: {
    label: 'Purchase approval threshold',
    description: 'A purchase request estimated above this amount needs an administrator other than the requester to approve it before it becomes a purchase order.',
    default: '500000',
    schema: filsString('The purchase approval threshold', 0n, 100_000_000_000n),
  },
  matchPriceToleranceBps: {
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

export type SettingJson = { key: SettingKey; label: string; description: string; unit: SettingUnit; value: string; default: string; updatedAt: string | null; updatedBy: string | null };

export const updateSettingInput = z.object({ value: z.union([z.string(), z.number()], { error: 'value is required' }) });
