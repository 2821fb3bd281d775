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
} as const;

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export type SettingJson = { key: SettingKey; label: string; description: string; value: string; default: string; updatedAt: string | null; updatedBy: string | null };

export const updateSettingInput = z.object({ value: z.union([z.string(), z.number()], { error: 'value is required' }) });
