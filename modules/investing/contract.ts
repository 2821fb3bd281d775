/**
 * Investing's contract: the purchase input, the one pricing function, and the JSON shapes of checkout,
 * receipts, portfolio, dashboard and the admin investment, investor and reconciliation screens.
 * Browser-safe. Amounts in JSON are STRINGS of integer fils of AED; share quantities are STRINGS of
 * share units (SHARE_SCALE = 10,000 units to one share) with a display form in `shares` ("12.3456").
 *
 * Investor API (auth: signed-in user; 401 for visitors)
 *   GET  /api/investments/quote       quoteQuery ?propertyId&amount → CheckoutQuote (pricing + every check, nothing reserved)
 *   POST /api/investments             investInput { propertyId, amount }, optional header Idempotency-Key (≤ 100 chars)
 *                                     → 201 InvestmentJson (the receipt). A repeat with the same key and body answers the
 *                                     first response again (200, header Idempotent-Replay: true); the same key with a
 *                                     different body → 422 idempotency_key_reused.
 *   GET  /api/investments             → { items: InvestmentJson[] } newest first
 *   GET  /api/investments/:id         → InvestmentJson (404 when not yours)
 *   POST /api/investments/:id/cancel  within 48 hours of investing → InvestmentJson (status 'cancelled', full refund)
 *   GET  /api/portfolio               → PortfolioJson
 *   GET  /api/dashboard               → DashboardJson
 *
 * Admin API (auth: admin; 401 visitor, 403 investor — settled before the input is validated)
 *   GET  /api/admin/investments          adminInvestmentsQuery → AdminInvestmentsPage
 *   GET  /api/admin/investments/export   same filters → text/csv attachment (every matching row)
 *   GET  /api/admin/investors            adminInvestorsQuery → AdminInvestorsPage;  /export → text/csv
 *   GET  /api/admin/reconciliation       → ReconciliationJson
 *
 * 4xx of POST /api/investments (nothing is changed by any of them):
 *   400 validation_failed     amount not a whole number of fils, ≤ 0, too large; propertyId missing
 *   404 property_not_found    unknown property
 *   422 below_minimum         amount < AED 200
 *   422 property_not_open     the property is not open for funding (draft, coming soon, funded, exited or closed)
 *   422 kyc_required          identity not verified (details: { link: '/kyc' })
 *   422 retail_limit_exceeded the 12-month retail limit would be passed (details: { remaining })
 *   422 insufficient_funds    wallet available < total (details: { available, required })
 *   422 not_enough_shares     fewer shares left than the amount buys (details: { availableUnits, maxAmount })
 *   422 idempotency_key_reused
 */
import { z } from 'zod';
import { listQuery } from '../platform/list';
import { isIsoDate } from '../platform/dates';
import { formatAed } from '../platform/money';
import { SHARE_SCALE, unitsToShareString } from '../properties/contract';
import { MAX_AMOUNT_FILS, amountSchema, type WalletTransactionJson } from '../wallet/contract';

/** Share units per whole share (SHARE_SCALE from modules/properties/contract.ts). */
export const SHARE_UNITS_PER_SHARE = SHARE_SCALE;
/** Purchases may be cancelled for a full refund within this many hours. */
export const CANCELLATION_WINDOW_HOURS = 48;
export const CANCELLATION_WINDOW_MS = CANCELLATION_WINDOW_HOURS * 3_600_000;
/** The retail limit counts purchases (minus cancellations) over the last 12 months, rolling. */
export const RETAIL_LIMIT_WINDOW = 'rolling-12-months' as const;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;

/** "AED 200", "AED 1,250.50": whole amounts without decimals, as messages read. */
const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });

export const investingMessages = {
  propertyRequired: 'Choose the property to invest in',
  propertyNotFound: 'There is no property with that id.',
  propertyNotOpen: (title: string, status: string) =>
    status === 'coming_soon'
      ? `${title} is not open for investment yet.`
      : `${title} is no longer open for investment (${status.replace('_', ' ')}).`,
  belowMinimum: (minimum: bigint) => `The minimum investment is ${aed(minimum)}.`,
  kycRequired: 'Complete identity verification before investing.',
  retailLimitExceeded: (remaining: bigint) =>
    remaining > 0n
      ? `As a retail investor you can invest ${aed(remaining)} more in the next 12 months. Enter a smaller amount.`
      : 'You have reached the retail investment limit for the last 12 months.',
  insufficientFunds: (available: bigint, required: bigint) =>
    `Your wallet has ${aed(available)} available and this investment needs ${aed(required)}. Add money to your wallet first.`,
  notEnoughShares: (maxAmount: bigint) =>
    maxAmount > 0n ? `Only ${aed(maxAmount)} of shares are left in this property. Enter a smaller amount.` : 'This property has no shares left.',
  amountBuysNothing: 'That amount does not buy any part of a share. Enter a larger amount.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different purchase. Use a new key for a new purchase.',
  idempotencyKeyFormat: `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible characters.`,
  idempotencyInProgress: 'A purchase with this Idempotency-Key is still being processed. Try again in a moment.',
  investmentNotFound: 'There is no investment with that id.',
  alreadyCancelled: 'This investment was already cancelled.',
  cancellationWindowPassed: `Investments can be cancelled within ${CANCELLATION_WINDOW_HOURS} hours of investing. This one can no longer be cancelled; you can sell your shares on the exchange instead.`,
  cancelPropertyClosed: 'The property has completed its funding, so this investment can no longer be cancelled.',
} as const;

export const investingErrorCodes = {
  propertyNotFound: 'property_not_found',
  propertyNotOpen: 'property_not_open',
  belowMinimum: 'below_minimum',
  kycRequired: 'kyc_required',
  retailLimitExceeded: 'retail_limit_exceeded',
  insufficientFunds: 'insufficient_funds',
  notEnoughShares: 'not_enough_shares',
  idempotencyKeyReused: 'idempotency_key_reused',
  idempotencyInProgress: 'idempotency_in_progress',
  investmentNotFound: 'investment_not_found',
  alreadyCancelled: 'already_cancelled',
  cancellationWindowPassed: 'cancellation_window_passed',
} as const;

// ---------------------------------------------------------------------------------------------
// Pricing: quoteInvestment in modules/properties/contract.ts is the one function (units rounded down,
// their cost rounded up to a whole fil; a purchase from the wallet carries no transaction charge, which is
// taken when the wallet is funded). These are thin helpers for the screens.

/** Units → shares as text without floats: 123456n → "12.3456", 20000n → "2". */
export function unitsToShares(units: bigint | string): string {
  return unitsToShareString(typeof units === 'string' ? BigInt(units) : units);
}

/** The value of `units` at `valuation` for a property of `totalUnits`, in fils (rounded down). */
export function valueOfUnits(units: bigint, valuation: bigint, totalUnits: bigint): bigint {
  if (totalUnits <= 0n) return 0n;
  return (units * valuation) / totalUnits;
}

// ---------------------------------------------------------------------------------------------
// Inputs

export const propertyIdSchema = z
  .string({ error: investingMessages.propertyRequired })
  .trim()
  .min(1, investingMessages.propertyRequired)
  .max(100, 'The property id is too long');

export const investInput = z.object({
  propertyId: propertyIdSchema,
  amount: amountSchema('Investment amount', { max: MAX_AMOUNT_FILS }),
});
export type InvestInput = z.infer<typeof investInput>;

export const quoteQuery = investInput;

export const idempotencyKeySchema = z
  .string()
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`), investingMessages.idempotencyKeyFormat);

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date as YYYY-MM-DD`)
    .refine(isIsoDate, `${label} must be a real calendar date`);

export const INVESTMENT_STATUSES = ['active', 'cancelled'] as const;
export type InvestmentStatus = (typeof INVESTMENT_STATUSES)[number];
export const investmentStatusLabels: Record<InvestmentStatus, string> = { active: 'Active', cancelled: 'Cancelled' };

/**
 * GET /api/admin/investments and /export, on the one list contract (modules/platform/list.ts). The
 * search covers investor name, email and code, property title and reference, and the receipt number.
 * The older sort words newest, oldest and amount still work.
 */
export const adminInvestmentsQuery = listQuery({
  sort: ['createdAt', 'total', 'receipt', 'status'],
  defaultSort: '-createdAt',
  sortAliases: { newest: '-createdAt', oldest: 'createdAt', amount: '-total' },
  filters: {
    propertyId: z.string().trim().max(100, 'The property id is too long').optional(),
    userId: z.uuid('userId must be an investor id').optional(),
    city: z.string().trim().max(60, 'City must be at most 60 characters').optional(),
    status: z.enum(INVESTMENT_STATUSES, { error: 'status must be active or cancelled' }).optional(),
    from: isoDate('from').optional(),
    to: isoDate('to').optional(),
  },
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must be on or before the end date', path: ['to'] });
export type AdminInvestmentsQuery = z.infer<typeof adminInvestmentsQuery>;

export const INVESTOR_STATUSES = ['registered', 'funded', 'investing'] as const;
export type InvestorStatus = (typeof INVESTOR_STATUSES)[number];
export const investorStatusLabels: Record<InvestorStatus, string> = {
  registered: 'Registered',
  funded: 'Funded wallet',
  investing: 'Investing',
};

/**
 * GET /api/admin/investors and /export, on the one list contract: the search covers name, email, phone and
 * unique ID. The older sort words newest, balance and invested still work (largest first).
 */
export const adminInvestorsQuery = listQuery({
  sort: ['createdAt', 'name', 'email', 'walletBalance', 'investedAmount', 'holdingsValue'],
  defaultSort: '-createdAt',
  sortAliases: { newest: '-createdAt', oldest: 'createdAt', balance: '-walletBalance', invested: '-investedAmount' },
  filters: {
    kycStatus: z.string().trim().max(40, 'kycStatus is too long').optional(),
    status: z.enum(INVESTOR_STATUSES, { error: `status must be one of: ${INVESTOR_STATUSES.join(', ')}` }).optional(),
  },
});
export type AdminInvestorsQuery = z.infer<typeof adminInvestorsQuery>;

// ---------------------------------------------------------------------------------------------
// Responses

export type PropertyRef = { id: string; reference: string; slug: string; title: string; city: string; community: string; status: string };

export type RetailLimitJson = {
  /** 'retail' investors are limited; 'professional' ones are not (annualLimit/remaining null). */
  classification: 'retail' | 'professional';
  window: typeof RETAIL_LIMIT_WINDOW;
  annualLimit: string | null;
  /** Purchases minus cancellations over the last 12 months, fils. */
  used: string;
  remaining: string | null;
};

export type CheckoutBlocker = {
  code: 'kyc_required' | 'property_not_open' | 'below_minimum' | 'retail_limit_exceeded' | 'insufficient_funds' | 'not_enough_shares' | 'amount_buys_nothing';
  message: string;
  /** Where to fix it: '/kyc', '/wallet'. */
  link?: string;
};

export type CheckoutQuote = {
  property: PropertyRef & { sharePrice: string; totalUnits: string; soldUnits: string; availableUnits: string };
  amount: string;
  units: string;
  shares: string;
  principal: string;
  /** Fees paid now, each before VAT (none for a purchase from the wallet). */
  fees: { key: string; label: string; amount: string; detail: string }[];
  /** Σ fees, before VAT. */
  fee: string;
  vat: string;
  total: string;
  /** Fees charged while you hold (first year), before VAT, and their VAT. */
  annualFees: { key: string; label: string; amount: string; detail: string }[];
  annualFeesVat: string;
  /** Your share of the property's net rental income, fils a year. */
  annualIncome: string;
  /** First-year net yield after every fee, bps (can be negative). */
  netYieldBps: number;
  /** Ownership the units give, in millionths: 1234 → 0.1234%. */
  ownershipPpm: number;
  /** amount − total: what stays in the wallet because shares are bought in whole units. */
  unspent: string;
  walletAvailable: string;
  retailLimit: RetailLimitJson;
  minimum: string;
  /** Empty when the purchase can go ahead. */
  blockers: CheckoutBlocker[];
  canInvest: boolean;
};

export type InvestmentJson = {
  id: string;
  /** "MZI-000123", printed on the receipt. */
  receiptNumber: string;
  status: InvestmentStatus;
  property: PropertyRef;
  units: string;
  shares: string;
  sharePrice: string;
  /** What the investor asked to invest. */
  amount: string;
  principal: string;
  fee: string;
  vat: string;
  total: string;
  createdAt: string;
  /** Until when it can be cancelled for a full refund (createdAt + 48 h). */
  cancellableUntil: string;
  cancellable: boolean;
  cancelledAt: string | null;
  /** The full refund on cancellation (= total), else null. */
  refund: string | null;
  journalReference: string | null;
  /** The wallet balance right after the purchase. */
  walletBalanceAfter: string;
};

export type HoldingJson = {
  property: PropertyRef;
  units: string;
  shares: string;
  /** Units of this holding in open sell orders on the exchange (still held until they trade). */
  reservedUnits: string;
  /** What the investor paid for these units (principal, without fees), fils. */
  cost: string;
  /** units × latest valuation / total units, fils. */
  currentValue: string;
  gain: string;
  /** gain / cost in basis points (signed). */
  gainBps: number;
  /** The share of the property owned, basis points. */
  ownershipBps: number;
  valuation: string;
  valuedOn: string | null;
  currentSharePrice: string;
};

export type PortfolioJson = {
  holdings: HoldingJson[];
  totals: { cost: string; currentValue: string; gain: string; gainBps: number; properties: number };
};

export type AllocationSlice = { key: string; label: string; value: string; bps: number };

export type ValuePoint = { date: string; invested: string; value: string };

export type DashboardJson = {
  wallet: { balance: string; available: string; held: string };
  /** Principal of active investments, fils. */
  invested: string;
  /** Fees paid on active investments (with VAT). */
  feesPaid: string;
  value: string;
  gain: string;
  gainBps: number;
  holdings: HoldingJson[];
  allocationByProperty: AllocationSlice[];
  allocationByCity: AllocationSlice[];
  /** Month ends over the last 12 months, then today. */
  valueOverTime: ValuePoint[];
  recentTransactions: WalletTransactionJson[];
  retailLimit: RetailLimitJson;
  kycStatus: string;
  kycVerified: boolean;
};

export type AdminInvestmentRow = {
  id: string;
  receiptNumber: string;
  status: InvestmentStatus;
  investor: { id: string; name: string; email: string; unicode: string };
  property: PropertyRef;
  units: string;
  shares: string;
  sharePrice: string;
  principal: string;
  fee: string;
  vat: string;
  total: string;
  createdAt: string;
  cancelledAt: string | null;
};

export type AdminInvestmentsPage = {
  items: AdminInvestmentRow[];
  total: number;
  limit: number;
  offset: number;
  /** Over every matching row, not only this page (active investments only for amounts). */
  totals: { count: number; active: number; cancelled: number; principal: string; fees: string; vat: string; total: string; units: string; investors: number };
};

export type AdminInvestorRow = {
  id: string;
  name: string;
  email: string;
  unicode: string;
  kycStatus: string;
  status: InvestorStatus;
  classification: 'retail' | 'professional';
  balance: string;
  held: string;
  /** Principal of active investments. */
  invested: string;
  holdingsValue: string;
  properties: number;
  lastInvestmentAt: string | null;
  createdAt: string;
};

export type AdminInvestorsPage = { items: AdminInvestorRow[]; total: number; limit: number; offset: number };

export type ReconciliationJson = {
  /** Σ wallets.balance, fils. */
  walletsTotal: string;
  /** Balance of the investor client-money liability accounts (2100-*) in the ledger, fils. */
  clientMoneyLedger: string;
  difference: string;
  /** Σ properties.shares_sold, units. */
  sharesSold: string;
  /** Σ holdings units, units. */
  sharesHeld: string;
  sharesDifference: string;
  /** Wallets whose balance differs from their own 2100 sub-account. */
  walletMismatches: { userId: string; name: string; unicode: string; wallet: string; ledger: string }[];
  /** Properties whose shares sold differ from the units investors hold. */
  propertyMismatches: { propertyId: string; reference: string; title: string; sharesSold: string; sharesHeld: string }[];
  /** The ledger's own check: every entry balanced, trial balance zero. */
  ledgerBalanced: boolean;
  ok: boolean;
  checkedAt: string;
};
