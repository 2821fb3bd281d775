/**
 * Rental distributions and the property books: the contract. Browser-safe (the screens import it).
 * Money is integer fils of AED as strings in JSON; units are share units (SHARE_SCALE = 10,000 per share);
 * percentages travel as integer basis points. Decision record: docs/decisions/016-distributions-and-fees.md.
 *
 * Contract relied on by tools outside the project (issue 13) — keep exactly:
 *   POST /api/admin/distributions        { propertyId, period: "YYYY-MM", amount } → 201 { id, status: "draft", lines: [{ userId, units, amount }] }
 *                                        (lines sum exactly to amount; a repeat with the same property, period and amount
 *                                        returns the same run, 200; another amount for a period that has a run → 409)
 *   POST /api/admin/distributions/:id/pay pays it once (a repeat returns the paid run, 200, and pays nothing)
 *   GET  /api/distributions              an investor's payments (ListResult<InvestorDistributionJson>)
 *
 * The rest of the API:
 *   Property books (admin, /api/admin/property-books):
 *     GET  /:propertyId?from&to                         → PropertyPnlJson (admin view: also the records)
 *     POST /:propertyId/records    recordInput          → 201 PropertyRecordJson (one journal entry on the property)
 *     POST /records/:id/reverse    reverseRecordInput   → PropertyRecordJson (the entry reversed; the record kept, marked)
 *     PUT  /:propertyId/months/:period  monthInput      → PropertyMonthJson (occupancy and a note)
 *     PUT  /:propertyId/reserve    reserveInput         → { propertyId, reserveBps }
 *   Public: GET /api/properties/:id/pnl?from&to         → PropertyPnlJson without records (any visitor can read it)
 *   Distributions (admin, /api/admin/distributions):
 *     GET  /                (list contract)             → ListResult<DistributionRunJson> (filters: status, propertyId, period)
 *     GET  /export          CSV of the same
 *     GET  /summary                                     → DistributionSummaryJson (what is payable, drafts to approve, paid)
 *     GET  /preview?propertyId&period&amount?           → DistributionPreviewJson (nothing written)
 *     GET  /:id                                         → DistributionJson (with every line)
 *     POST /:id/approve                                 → DistributionJson (a second administrator; not the creator)
 *     POST /:id/cancel                                  → DistributionJson (drafts and approved runs only)
 *   Investor (/api/distributions):
 *     GET  /preferences → PreferenceJson;  PUT /preferences { reinvest } → PreferenceJson
 */
import { z } from 'zod';
import { PLATFORM_FEE_BPS } from '@modules/platform/contract';
import { formatAed } from '@modules/platform/money';
import { listQuery, type ListResult } from '@modules/platform/list';

// ── Constants ────────────────────────────────────────────────────────────────────────────────────

/** What can be recorded against a property for a month, and the ledger account each kind posts to. */
export const RECORD_KINDS = ['rent', 'service_charges', 'maintenance', 'management', 'insurance', 'vacancy'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export const COST_KINDS = ['service_charges', 'maintenance', 'management', 'insurance', 'vacancy'] as const satisfies readonly RecordKind[];
export type CostKind = (typeof COST_KINDS)[number];

export const recordKindLabels: Record<RecordKind, string> = {
  rent: 'Rent received',
  service_charges: 'Service charges',
  maintenance: 'Maintenance and repairs',
  management: 'Property management fee',
  insurance: 'Insurance',
  vacancy: 'Vacancy and letting costs',
};

/** Kept back from net income when a property has no policy of its own: 10%. */
export const DEFAULT_RESERVE_BPS = 1_000;
export const MAX_RESERVE_BPS = 5_000;
/** The largest single record or distribution, fils (AED 100 million). */
export const MAX_BOOK_AMOUNT_FILS = 10_000_000_000n;
/** How many months the P&L shows when no range is given. */
export const PNL_DEFAULT_MONTHS = 12;
export const PNL_MAX_MONTHS = 60;

export const REINVEST_CHOICES = ['wallet', 'sip', 'same_property'] as const;
export type ReinvestChoice = (typeof REINVEST_CHOICES)[number];
export const reinvestLabels: Record<ReinvestChoice, string> = {
  wallet: 'Keep distributions in my wallet',
  sip: "Reinvest through my investment plan's allocation",
  same_property: 'Reinvest in the same property while it is open',
};

export const DISTRIBUTION_STATUSES = ['draft', 'approved', 'paid', 'cancelled'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];
export const distributionStatusLabels: Record<DistributionStatus, string> = { draft: 'Draft', approved: 'Approved', paid: 'Paid', cancelled: 'Cancelled' };

export { PLATFORM_FEE_BPS };

// ── Messages and error codes ─────────────────────────────────────────────────────────────────────

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });

export const distributionMessages = {
  period: 'The period must be a month, as YYYY-MM.',
  periodFuture: 'The period cannot be a future month.',
  kind: `The kind must be one of: ${RECORD_KINDS.join(', ')}.`,
  amount: 'The amount must be a whole number of fils (AED 1 = 100 fils), more than zero.',
  amountTooLarge: `The amount is too large: the most in one go is ${aed(MAX_BOOK_AMOUNT_FILS)}.`,
  description: 'The description must be text of at most 300 characters.',
  entryDate: 'The date must be a day inside the period, as YYYY-MM-DD, and not in the future.',
  occupancy: 'Occupancy must be a whole percent from 0 to 100, or basis points from 0 to 10,000.',
  note: 'The note must be text of at most 500 characters.',
  reserve: `The reserve must be from 0% to ${MAX_RESERVE_BPS / 100}% of net income.`,
  reason: 'Give a reason of 3 to 300 characters.',
  reinvest: `Choose one of: ${REINVEST_CHOICES.join(', ')}.`,
  propertyNotFound: 'There is no property with that id.',
  recordNotFound: 'There is no record with that id.',
  recordReversed: 'This record has already been reversed.',
  periodDistributed: (period: string) => `The ${period} distribution of this property has been paid; its books for that month are closed. Record the amount in the current month instead.`,
  runNotFound: 'There is no distribution with that id.',
  noHolders: 'Nobody held units of this property at the record date, so there is no one to pay.',
  runExists: (number: string, status: string) => `This property already has a distribution for that period (${number}, ${status}). Cancel it first to make another.`,
  approvalNeeded: (threshold: bigint) => `Distributions above ${aed(threshold)} need a second administrator's approval before they are paid.`,
  ownApproval: 'A second administrator must approve this distribution: you created it.',
  notDraft: 'Only a draft distribution can be approved.',
  notCancellable: 'Only a draft or approved distribution can be cancelled.',
  cancelled: 'This distribution was cancelled; it cannot be paid.',
} as const;

export const distributionErrorCodes = {
  propertyNotFound: 'property_not_found',
  recordNotFound: 'record_not_found',
  recordReversed: 'record_reversed',
  periodDistributed: 'period_distributed',
  runNotFound: 'distribution_not_found',
  runExists: 'distribution_exists',
  noHolders: 'no_holders',
  approvalNeeded: 'approval_required',
  ownApproval: 'approval_by_creator',
  invalidState: 'distribution_invalid_state',
  periodFuture: 'period_in_future',
} as const;

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────────

export const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
export const periodSchema = z.string({ error: distributionMessages.period }).regex(PERIOD, distributionMessages.period);

/** Fils as a JSON number or a string of digits, > 0 and at most MAX_BOOK_AMOUNT_FILS → bigint. */
export const bookAmount = z
  .union([z.number(), z.string()], { error: distributionMessages.amount })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
    if (!/^\d{1,15}$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: /^\d{16,}$/.test(s) ? distributionMessages.amountTooLarge : distributionMessages.amount });
      return z.NEVER;
    }
    const n = BigInt(s);
    if (n <= 0n) {
      ctx.addIssue({ code: 'custom', message: distributionMessages.amount });
      return z.NEVER;
    }
    if (n > MAX_BOOK_AMOUNT_FILS) {
      ctx.addIssue({ code: 'custom', message: distributionMessages.amountTooLarge });
      return z.NEVER;
    }
    return n;
  });

const uuidLike = z.string({ error: distributionMessages.propertyNotFound }).max(64, distributionMessages.propertyNotFound);

export const createDistributionInput = z.object({ propertyId: uuidLike, period: periodSchema, amount: bookAmount });
export type CreateDistributionInput = z.infer<typeof createDistributionInput>;

export const previewQuery = z.object({ propertyId: uuidLike, period: periodSchema, amount: bookAmount.optional() });

export const recordInput = z.object({
  period: periodSchema,
  kind: z.enum(RECORD_KINDS, { error: distributionMessages.kind }),
  amount: bookAmount,
  description: z.string({ error: distributionMessages.description }).trim().max(300, distributionMessages.description).optional(),
  /** The accounting date, inside the period; default: the period's last day, or today for the current month. */
  date: z.string({ error: distributionMessages.entryDate }).regex(/^\d{4}-\d{2}-\d{2}$/, distributionMessages.entryDate).optional(),
});
export type RecordInput = z.infer<typeof recordInput>;

export const reverseRecordInput = z.object({ reason: z.string({ error: distributionMessages.reason }).trim().min(3, distributionMessages.reason).max(300, distributionMessages.reason) });

export const monthInput = z.object({
  occupancyBps: z.number({ error: distributionMessages.occupancy }).int(distributionMessages.occupancy).min(0, distributionMessages.occupancy).max(10_000, distributionMessages.occupancy),
  note: z.string({ error: distributionMessages.note }).trim().max(500, distributionMessages.note).optional(),
});

export const reserveInput = z.object({
  reserveBps: z.number({ error: distributionMessages.reserve }).int(distributionMessages.reserve).min(0, distributionMessages.reserve).max(MAX_RESERVE_BPS, distributionMessages.reserve),
});

export const pnlQuery = z.object({ from: periodSchema.optional(), to: periodSchema.optional() });

export const preferenceInput = z.object({ reinvest: z.enum(REINVEST_CHOICES, { error: distributionMessages.reinvest }) });

export const distributionsListQuery = listQuery({
  sort: ['createdAt', 'period', 'amount', 'status'],
  defaultSort: '-createdAt',
  filters: {
    status: z.enum(DISTRIBUTION_STATUSES, { error: `status must be one of: ${DISTRIBUTION_STATUSES.join(', ')}` }).optional(),
    propertyId: z.string().max(64).optional(),
    period: periodSchema.optional(),
  },
});

export const investorDistributionsQuery = listQuery({
  sort: ['paidAt', 'amount'],
  defaultSort: '-paidAt',
  filters: { propertyId: z.string().max(64).optional(), year: z.string().regex(/^\d{4}$/, 'year must be YYYY').optional() },
});

// ── JSON shapes ──────────────────────────────────────────────────────────────────────────────────

export type PropertyRecordJson = {
  id: string;
  /** REC-000123 */
  number: string;
  propertyId: string;
  period: string;
  date: string;
  kind: RecordKind;
  amount: string;
  description: string;
  journalReference: string;
  reversedAt: string | null;
  createdAt: string;
};

export type PropertyMonthJson = { propertyId: string; period: string; occupancyBps: number; note: string };

/** One month of a property's books, every figure from the ledger except occupancy. */
export type PnlMonthJson = {
  period: string;
  rent: string;
  costs: Record<CostKind, string>;
  totalCosts: string;
  /** rent − costs (can be negative). */
  netIncome: string;
  reserveBps: number;
  /** Kept back: the paid run's reserve, or reserveBps of a positive net income while the month is open. */
  reserve: string;
  /** netIncome − reserve, never below zero. */
  distributable: string;
  /** Paid to holders for this month (null: no paid distribution). */
  distributed: string | null;
  /** Fils per whole share paid for this month (null: none paid). */
  perShare: string | null;
  occupancyBps: number | null;
  note: string;
  /** 'open' (no run), 'draft'/'approved' (a run waits), 'paid'. */
  status: 'open' | 'draft' | 'approved' | 'paid';
  distributionId: string | null;
};

export type PropertyPnlJson = {
  propertyId: string;
  reference: string;
  title: string;
  /** Share units issued (SHARE_SCALE per share). */
  totalUnits: string;
  reserveBps: number;
  from: string;
  to: string;
  months: PnlMonthJson[];
  totals: { rent: string; totalCosts: string; netIncome: string; reserve: string; distributable: string; distributed: string };
  /** Admin view only. */
  records?: PropertyRecordJson[];
};

export type DistributionLineJson = {
  userId: string;
  units: string;
  amount: string;
  /** Admin view: who. */
  name?: string;
  unicode?: string;
  feeNetted?: string;
  reinvested?: string;
};

export type DistributionRunJson = {
  id: string;
  /** DIST-000123 */
  number: string;
  propertyId: string;
  propertyReference: string;
  propertyTitle: string;
  period: string;
  recordDate: string;
  amount: string;
  distributable: string;
  reserve: string;
  units: string;
  holders: number;
  perShare: string;
  status: DistributionStatus;
  needsApproval: boolean;
  /** Who created / approved / paid it: their email (display); the ids follow. */
  createdBy: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  paidAt: string | null;
  createdById: string | null;
  approvedById: string | null;
  paidBy: string | null;
  cancelledAt: string | null;
  journalReference: string | null;
  createdAt: string;
};

export type DistributionJson = DistributionRunJson & { lines: DistributionLineJson[] };

export type DistributionPreviewJson = {
  propertyId: string;
  period: string;
  recordDate: string;
  /** The books' figures for the period. */
  rent: string;
  totalCosts: string;
  netIncome: string;
  reserveBps: number;
  reserve: string;
  distributable: string;
  /**
   * The distributable for the shares held at the record date only (distributable × units held ÷ shares issued,
   * rounded down): what to pay while a property is partly funded, so each share gets what a full one would.
   */
  heldPart: string;
  /** The amount previewed: the one asked for, or the distributable. */
  amount: string;
  units: string;
  perShare: string;
  holders: number;
  lines: DistributionLineJson[];
  needsApproval: boolean;
  /** Plain sentences: amount above the distributable, holders with unpaid fees to net, an existing run. */
  warnings: string[];
};

export type DistributionSummaryJson = {
  /** Paid this calendar year, fils, and how many runs. */
  paidThisYear: string;
  paidRuns: number;
  /** Drafts and approved runs waiting: count and amount. */
  waiting: number;
  waitingAmount: string;
  /** Distributable income recorded in the books and not yet in any run, per property. */
  payable: { propertyId: string; reference: string; title: string; periods: string[]; amount: string }[];
  payableTotal: string;
  /** Paid per month for the last 12 months (chart). */
  byMonth: { period: string; amount: string }[];
};

export type InvestorDistributionJson = {
  id: string;
  runId: string;
  number: string;
  propertyId: string;
  propertyTitle: string;
  propertyReference: string;
  period: string;
  recordDate: string;
  paidAt: string;
  units: string;
  amount: string;
  feeNetted: string;
  /** amount − feeNetted: what reached the wallet. */
  net: string;
  reinvested: string;
  perShare: string;
  journalReference: string | null;
};

export type InvestorDistributionsJson = ListResult<InvestorDistributionJson, { totals: { amount: string; feeNetted: string; net: string } }>;

export type PreferenceJson = { reinvest: ReinvestChoice; label: string; hasSipPlan: boolean };
