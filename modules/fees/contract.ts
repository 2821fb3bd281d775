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
import { formatDate, shortMonth } from '@modules/platform/dates';
import { listQuery, type ListResult } from '@modules/platform/list';
import { formatAed, groupThousands } from '@modules/platform/money';

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

// ── Words (the wallet lines and the screens say the same) ─────────────────────────────────────────────

/** '1–30 Nov 2026', '20 Nov – 5 Dec 2026', '20 Dec 2025 – 5 Jan 2026', or one day. */
export function windowLabel(from: string, through: string): string {
  if (from === through) return formatDate(from);
  const day = (d: string) => String(Number(d.slice(8, 10)));
  if (from.slice(0, 7) === through.slice(0, 7)) return `${day(from)}–${day(through)} ${shortMonth(through)} ${through.slice(0, 4)}`;
  if (from.slice(0, 4) === through.slice(0, 4)) return `${day(from)} ${shortMonth(from)} – ${day(through)} ${shortMonth(through)} ${through.slice(0, 4)}`;
  return `${formatDate(from)} – ${formatDate(through)}`;
}

/** 50 → '0.5%' (integers only). */
export const rateLabel = (bps: number) => {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}%` : `${whole}%`;
};

/** Micro-fils as AED to the hundredth of a fil, half-even: 4,931,506,860 → 'AED 49.3151'. */
export function microToAed(micro: string | bigint): string {
  let m: bigint;
  try {
    m = BigInt(micro);
  } catch {
    m = 0n;
  }
  const negative = m < 0n;
  const abs = negative ? -m : m;
  // 1/100 fil = 10,000 micro-fils; half-even.
  let hundredths = abs / 10_000n;
  const r2 = (abs % 10_000n) * 2n;
  if (r2 > 10_000n || (r2 === 10_000n && hundredths % 2n === 1n)) hundredths += 1n;
  const whole = groupThousands((hundredths / 10_000n).toString());
  const text = `AED ${whole}.${(hundredths % 10_000n).toString().padStart(4, '0')}`;
  return negative && hundredths > 0n ? `-${text}` : text;
}

/** A carried remainder in fils with two decimals and its sign: 270,000 → '+0.27 fil', −310,000 → '−0.31 fil'. */
export function carryLabel(micro: string | bigint): string {
  let m: bigint;
  try {
    m = BigInt(micro);
  } catch {
    m = 0n;
  }
  const abs = m < 0n ? -m : m;
  const hundredths = (abs + 5_000n) / 10_000n;
  const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')} fil`;
  return hundredths === 0n ? '0.00 fil' : `${m < 0n ? '−' : '+'}${text}`;
}

/** "Platform fee 0.5% a year on AED 120,000.00 average value, 1–30 Nov 2026 (30 days): AED 49.32 + VAT AED 2.47". */
export function feeExplanation(c: { fromDate: string; through: string; days: number; averageValue: bigint | string; fee: bigint | string; vat: bigint | string; rates?: number[] }): string {
  const rates = c.rates?.length ? c.rates : [PLATFORM_FEE_BPS];
  return `Platform fee ${rates.map(rateLabel).join(' then ')} a year on ${formatAed(c.averageValue)} average value, ${windowLabel(c.fromDate, c.through)} (${c.days} ${c.days === 1 ? 'day' : 'days'}): ${formatAed(c.fee)} + VAT ${formatAed(c.vat)}`;
}
