/**
 * The platform fee: the contract. Browser-safe (the wallet's fee panel and /admin/fees import it).
 * Money is integer fils of AED as strings in JSON; accruals are micro-fils (1/1,000,000 fil) as strings;
 * dates are 'YYYY-MM-DD' in Dubai. Decision record: docs/decisions/016-distributions-and-fees.md.
 *
 * Contract relied on by tools outside the project (issue 13) — keep exactly:
 *   POST /api/admin/fees/platform/run  { through: "YYYY-MM-DD" }
 *        → 201 { id, number, through, investors, fee, vat, collected, receivable }
 *        charges every investor's window up to `through` (the day after their last charge … through); a second
 *        call up to the same date charges nothing twice. `through` after the current month's last day → 422.
 *
 * The rest of the API (admin, /api/admin/fees/platform):
 *   GET /runs            list contract (q, sort, limit, offset, filter trigger) → ListResult<FeeRunJson>;  /runs/export → CSV
 *   GET /runs/:id        → FeeRunDetailJson (every charge with its per-property calculation)
 *   GET /receivables     list contract → ListResult<FeeReceivableJson> (outstanding per investor); /receivables/export → CSV
 *   GET /preview?through → FeePreviewJson (accrued and not charged, per investor; nothing written)
 *   GET /stats           → FeeStatsJson
 * Investor: GET /api/fees → InvestorFeesJson (their charges with the calculation, what is owed, what is accruing).
 */
import { z } from 'zod';
import { PLATFORM_FEE_BPS } from '@modules/platform/contract';
import { listQuery, type ListResult } from '@modules/platform/list';

export { PLATFORM_FEE_BPS };
/** VAT on the fee: 5%. */
export const FEE_VAT_BPS = 500;
/** Micro-fils in a fil: accruals are summed at this precision and rounded once per charge. */
export const MICRO_PER_FIL = 1_000_000n;
/** The earliest date a run may name. */
export const FEE_MIN_DATE = '2000-01-01';

export const FEE_TRIGGERS = ['admin', 'scheduler', 'seed'] as const;
export type FeeTrigger = (typeof FEE_TRIGGERS)[number];
export const feeTriggerLabels: Record<FeeTrigger, string> = { admin: 'An administrator', scheduler: 'The scheduler', seed: 'Demo data' };

/** FEE-000123 (runs) and FC-000123 (charges). */
export const feeRunReference = (n: string | number | bigint) => `FEE-${String(n).padStart(6, '0')}`;
export const feeChargeReference = (n: string | number | bigint) => `FC-${String(n).padStart(6, '0')}`;

export const feeMessages = {
  through: 'through must be a date written YYYY-MM-DD, such as 2026-11-30.',
  throughTooEarly: `through must be on or after ${FEE_MIN_DATE}.`,
  throughAfterMonth: (lastDay: string) =>
    `Fees can be charged up to the last day of the current month (${lastDay}), not further: a later date would charge for days that have not come yet.`,
  runNotFound: 'There is no fee run with that id.',
} as const;

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────────

/**
 * `through` arrives as text; whether it is a real date, and not past this month, is checked by the run (422).
 * Anything that is not a short string is a malformed request (400).
 */
export const runInput = z.object({ through: z.string({ error: feeMessages.through }).max(32, feeMessages.through) });
export type RunInput = z.infer<typeof runInput>;

export const previewQuery = z.object({ through: z.string({ error: feeMessages.through }).max(32, feeMessages.through).optional() });

export const FEE_RUN_SORTS = ['createdAt', 'through', 'investors', 'fee', 'receivable'] as const;
export const feeRunsQuery = listQuery({
  sort: FEE_RUN_SORTS,
  defaultSort: '-createdAt',
  filters: { trigger: z.enum(FEE_TRIGGERS, { error: `trigger must be one of: ${FEE_TRIGGERS.join(', ')}.` }).optional() },
});
export type FeeRunsQuery = z.infer<typeof feeRunsQuery>;

export const FEE_RECEIVABLE_SORTS = ['outstanding', 'since', 'name'] as const;
export const feeReceivablesQuery = listQuery({ sort: FEE_RECEIVABLE_SORTS, defaultSort: '-outstanding' });
export type FeeReceivablesQuery = z.infer<typeof feeReceivablesQuery>;

// ── JSON shapes ──────────────────────────────────────────────────────────────────────────────────

/** The answer to POST /run (the contract). */
export type FeeRunResultJson = {
  id: string;
  /** FEE-000123 */
  number: string;
  through: string;
  investors: number;
  /** Σ fees, Σ VAT charged by this run; Σ taken from wallets now (this run's charges and older receivables); Σ left owed of this run's charges. */
  fee: string;
  vat: string;
  collected: string;
  receivable: string;
};

export type FeeRunJson = FeeRunResultJson & { trigger: FeeTrigger; startedBy: string | null; createdAt: string };

/** One property's part of a charge, as investors are shown it. */
export type FeeCalculationLineJson = { propertyId: string; reference: string; title: string; days: number; averageValue: string; accruedMicro: string };

export type FeeChargeJson = {
  id: string;
  /** FC-000123 */
  number: string;
  runId: string;
  userId: string;
  fromDate: string;
  through: string;
  days: number;
  averageValue: string;
  accruedMicro: string;
  carryInMicro: string;
  carryOutMicro: string;
  fee: string;
  vat: string;
  paid: string;
  outstanding: string;
  calculation: FeeCalculationLineJson[];
  /** The sentence the wallet line carries. */
  explanation: string;
  journalReference: string | null;
  createdAt: string;
  /** Admin view: who. */
  name?: string;
  unicode?: string;
};

export type FeeRunDetailJson = FeeRunJson & { charges: FeeChargeJson[]; collections: { userId: string; name: string; unicode: string; amount: string }[] };

export type FeeReceivableJson = {
  userId: string;
  name: string;
  unicode: string;
  email: string;
  outstanding: string;
  charges: number;
  /** The oldest unpaid charge's first day. */
  since: string;
  /** What the wallet has available now (collected first at the next run). */
  available: string;
};

export type FeePreviewLineJson = {
  userId: string;
  name: string;
  unicode: string;
  fromDate: string;
  through: string;
  days: number;
  averageValue: string;
  accruedMicro: string;
  carryInMicro: string;
  fee: string;
  vat: string;
  /** Owed from earlier charges (collected first). */
  outstanding: string;
  available: string;
  calculation: FeeCalculationLineJson[];
};

export type FeePreviewJson = {
  through: string;
  investors: number;
  fee: string;
  vat: string;
  /** Older receivables the run would try to collect first. */
  outstanding: string;
  /** What the wallets can cover of fee + VAT + outstanding now; the rest would stay owed. */
  coverable: string;
  items: FeePreviewLineJson[];
};

export type FeeMonthJson = { month: string; fee: string; vat: string; collected: string; outstanding: string };

export type FeeStatsJson = {
  today: string;
  /** Accrued and not yet charged, up to today (fee before VAT, fils). */
  accruedUncharged: string;
  chargedThisYear: string;
  vatThisYear: string;
  outstanding: string;
  investorsOwing: number;
  lastRun: { id: string; number: string; through: string; createdAt: string } | null;
  /** The run the scheduler makes next: the last day of the previous month, unless it has been charged. */
  dueThrough: string | null;
  /** The last 12 months by the month of each charge's last day. */
  byMonth: FeeMonthJson[];
};

export type InvestorFeesJson = {
  rateBps: number;
  vatBps: number;
  /** Owed from charges the wallet could not cover. */
  outstanding: string;
  charges: FeeChargeJson[];
  /** All of them (charges lists the latest 36). */
  total: number;
  /** Accrued since the last charge up to today: an estimate; null when nothing is held. */
  accruing: {
    fromDate: string;
    through: string;
    days: number;
    averageValue: string;
    accruedMicro: string;
    carryInMicro: string;
    fee: string;
    vat: string;
    calculation: FeeCalculationLineJson[];
  } | null;
};

export type FeeRunsPage = ListResult<FeeRunJson>;
/** The list adds Σ owed over the whole filtered set. */
export type FeeReceivablesPage = ListResult<FeeReceivableJson, { outstanding: string }>;
