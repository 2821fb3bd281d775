/**
 * The liquidity pool's budget and property exits: inputs and answers (browser-safe; /admin/exchange and the
 * admin settings import them). Money in JSON is STRINGS of integer fils; units are share units.
 * Routes: ./pool-routes.ts and ./exit-routes.ts (paths in ./contract.ts's header), plus
 * GET /api/exchange/exits/:id/statement (the holder's settlement statement, PDF).
 */
import { z } from 'zod';
import { isIsoDate } from '@modules/platform/dates';

/** The largest budget or sale price accepted: AED 10 billion. */
export const MAX_POOL_FILS = 1_000_000_000_000n;

const fils = (label: string, opts: { positive?: boolean } = {}) => {
  const message = `${label} must be a whole number of fils${opts.positive ? ', more than 0' : ''}.`;
  return z.union([z.number(), z.string()], { error: message }).transform((raw, ctx): bigint => {
    const text = typeof raw === 'number' ? (Number.isSafeInteger(raw) ? String(raw) : '') : raw.trim();
    if (!/^\d{1,16}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const v = BigInt(text);
    if ((opts.positive && v <= 0n) || v > MAX_POOL_FILS) {
      ctx.addIssue({ code: 'custom', message: v > MAX_POOL_FILS ? `${label} is more than AED 10 billion.` : message });
      return z.NEVER;
    }
    return v;
  });
};

export const poolBudgetInput = z.object({
  totalBudget: fils('totalBudget'),
  perPropertyBudget: fils('perPropertyBudget'),
});
export type PoolBudgetInput = z.infer<typeof poolBudgetInput>;

export const exitMessages = {
  saleDate: 'saleDate must be a real date as YYYY-MM-DD, not in the future.',
  costs: 'The selling costs must be less than the sale price.',
  notFunded: (title: string, status: string) => `${title} is ${status}: only a funded property can be sold and settled.`,
  alreadyExited: (title: string) => `${title} has already been sold and settled.`,
  noHolders: (title: string) => `Nobody holds shares of ${title}, so there is nobody to pay.`,
  notFound: 'There is no property exit with that id.',
  propertyNotFound: 'There is no such property.',
} as const;

export const exitInput = z
  .object({
    propertyId: z.string({ error: 'propertyId is required.' }).trim().min(1, 'propertyId is required.').max(100, 'That is not a property id.'),
    salePrice: fils('salePrice', { positive: true }),
    sellingCosts: fils('sellingCosts'),
    saleDate: z.string({ error: exitMessages.saleDate }).regex(/^\d{4}-\d{2}-\d{2}$/, exitMessages.saleDate).refine(isIsoDate, exitMessages.saleDate),
  })
  .refine((e) => e.sellingCosts < e.salePrice, { path: ['sellingCosts'], message: exitMessages.costs });
export type ExitInput = z.infer<typeof exitInput>;

export type PoolHoldingJson = { propertyId: string; reference: string; title: string; units: string; cost: string; value: string };
export type PoolJson = {
  totalBudget: string;
  perPropertyBudget: string;
  /** The pool's money invested now (the cost of what it holds): a sale or an exit frees budget again. */
  spent: string;
  left: string;
  holdings: PoolHoldingJson[];
  /** Proceeds less cost of what the pool has sold (on the exchange or at an exit). */
  realisedPnl: string;
  /** Value at the latest valuation less cost of what it holds. */
  unrealisedPnl: string;
  discountBps: number;
  updatedAt: string | null;
};

export type ExitItemJson = { userId: string; investor: string; units: string; gross: string; performanceFee: string; vat: string; net: string };
export type ExitJson = {
  id: string;
  reference: string;
  propertyId: string;
  title: string;
  salePrice: string;
  sellingCosts: string;
  saleDate: string;
  netProceeds: string;
  /** How many holders were paid (the liquidity pool included). */
  holders: number;
  /** Σ net credited to wallets (and to the pool). */
  paid: string;
  performanceFees: string;
  vat: string;
  status: 'settled';
  createdAt: string;
  items: ExitItemJson[];
};
