/**
 * Investor returns, the income calendar and account statements: the contract. Browser-safe (the screens
 * import it). Money is integer fils of AED as strings in JSON; units are share units (SHARE_SCALE per
 * share); rates are whole basis points (XIRR and percentages are computed from bigint figures at the end).
 * Decision record: docs/decisions/016-distributions-and-fees.md.
 *
 *   GET /api/returns                          → ReturnsJson (per holding and the portfolio, as of today)
 *   GET /api/returns/calendar                 → IncomeCalendarJson (12 months paid, 6 months expected)
 *   GET /api/statements                       → StatementsIndexJson (the months and years available)
 *   GET /api/statements/monthly/:period       → StatementJson (period YYYY-MM); add .pdf for the PDF
 *   GET /api/statements/annual/:year          → StatementJson (year YYYY);      add .pdf for the PDF
 *     ?currency=USD|AED|INR|EUR|GBP  the display currency shown alongside AED (default: the investor's choice)
 */
import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from '@modules/platform/money';

export { XIRR_MIN_DAYS } from '@modules/platform/xirr';

// ── Messages ─────────────────────────────────────────────────────────────────────────────────────

export const statementMessages = {
  period: 'The period must be a month written YYYY-MM, for example 2026-03.',
  year: 'The year must be written YYYY, for example 2026.',
  future: 'That period has not started yet: statements are available up to the current month.',
  beforeAccount: (first: string) => `Your account has no activity before ${first}: choose a period from then on.`,
  currency: `The currency must be one of: ${CURRENCY_CODES.join(', ')}.`,
  format: 'Ask for the statement as JSON or add .pdf to the address for the PDF.',
  propertyId: 'That is not a valid property id.',
} as const;

/** Why a holding or the portfolio has no XIRR yet. */
export const XIRR_REASONS = ['no_investment', 'too_recent', 'no_solution'] as const;
export type XirrReason = (typeof XIRR_REASONS)[number];
export const xirrReasonText: Record<XirrReason, string> = {
  no_investment: 'Nothing invested yet.',
  too_recent: 'Shown after 30 days of history: annualising a few days says nothing.',
  no_solution: 'These cash flows have no single annual rate.',
};

/** What each figure means, for the screens and the PDF. */
export const returnsExplanations = {
  invested: 'Cash you paid for your units, those you still hold and those you sold, with purchase fees.',
  currentValue: 'Your units today at the latest valuation of each property: valuation × your units ÷ all units.',
  income: 'Rental distributions paid to you, before any platform fee netted out of them.',
  valueChange: 'Today’s value plus what your sales brought in, less what you invested.',
  platformFees: 'Platform fees you paid (0.5% a year of your holdings’ value, plus VAT).',
  totalReturn: 'Income plus value change, less platform fees paid.',
  xirr: 'Your annualised return over the real dates of every payment in and out (XIRR).',
} as const;

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────────

export const PERIOD_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
export const YEAR_RE = /^\d{4}$/;

/** ':period' or ':period.pdf' (at most 16 characters; the rest is checked by the service). */
export const monthlyParam = z.object({ period: z.string({ error: statementMessages.period }).max(16, statementMessages.period) });
export const annualParam = z.object({ year: z.string({ error: statementMessages.year }).max(16, statementMessages.year) });
export const currencyQuery = z.object({ currency: z.enum(CURRENCY_CODES, { error: statementMessages.currency }).optional() });
export const holdingParam = z.object({ propertyId: z.string({ error: statementMessages.propertyId }).max(64, statementMessages.propertyId) });

/** A statement address split into its period and whether the PDF was asked for: '2026-03.pdf' → { key: '2026-03', pdf: true }. */
export function splitFormat(raw: string): { key: string; pdf: boolean } {
  return raw.endsWith('.pdf') ? { key: raw.slice(0, -4), pdf: true } : { key: raw, pdf: false };
}

export const monthlyPdfHref = (period: string, currency?: CurrencyCode) => `/api/statements/monthly/${period}.pdf${currency ? `?currency=${currency}` : ''}`;
export const annualPdfHref = (year: string, currency?: CurrencyCode) => `/api/statements/annual/${year}.pdf${currency ? `?currency=${currency}` : ''}`;

// ── Returns ──────────────────────────────────────────────────────────────────────────────────────

export type FeesPaidJson = {
  /** Transaction charges and VAT on purchases of units still counted (not cancelled). */
  purchase: string;
  /** Early exit and performance fees and their VAT, taken from sale proceeds. */
  sale: string;
  /** Platform fee and VAT paid (from the wallet or netted out of distributions). */
  platform: string;
  total: string;
};

export type ReturnsFiguresJson = {
  invested: string;
  currentValue: string;
  /** Net proceeds of units sold (on the exchange, to the pool, at an exit). */
  saleProceeds: string;
  income: string;
  feesPaid: FeesPaidJson;
  valueChange: string;
  totalReturn: string;
  /** Of what was invested, basis points (null when nothing was). */
  incomeReturnBps: number | null;
  valueChangeBps: number | null;
  totalReturnBps: number | null;
  xirrBps: number | null;
  xirrReason: XirrReason | null;
  /** The first day money went in. */
  since: string | null;
};

export type HoldingReturnsJson = ReturnsFiguresJson & {
  property: { id: string; reference: string; slug: string; title: string; status: string };
  units: string;
  /** False once every unit was sold. */
  held: boolean;
};

export type ReturnsJson = { asOf: string; portfolio: ReturnsFiguresJson; holdings: HoldingReturnsJson[] };

// ── Income calendar ──────────────────────────────────────────────────────────────────────────────

export const EXPECTED_METHODS = ['last_distribution', 'estimate', 'none'] as const;
export type ExpectedMethod = (typeof EXPECTED_METHODS)[number];

export type CalendarMonthJson = {
  /** 'YYYY-MM' */
  period: string;
  kind: 'paid' | 'expected';
  total: string;
  byProperty: { propertyId: string; title: string; amount: string }[];
};

export type ExpectedBasisJson = {
  propertyId: string;
  title: string;
  units: string;
  method: ExpectedMethod;
  /** Expected each month, fils. */
  perMonth: string;
  /** How it was estimated, in a sentence. */
  explanation: string;
};

export type IncomeCalendarJson = {
  asOf: string;
  months: CalendarMonthJson[];
  basis: ExpectedBasisJson[];
  paidTotal: string;
  expectedTotal: string;
};

// ── Statements ───────────────────────────────────────────────────────────────────────────────────

export type StatementsIndexJson = {
  /** The first month with activity (or the month the account was opened). */
  firstPeriod: string;
  months: { period: string; complete: boolean }[];
  years: { year: string; complete: boolean }[];
  displayCurrency: CurrencyCode;
};

export const FEE_KINDS = ['transaction', 'platform', 'earlyExit', 'performance', 'vat'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];
export const feeKindLabels: Record<FeeKind, string> = {
  transaction: 'Transaction charges (deposits and purchases)',
  platform: 'Platform fee (0.5% a year)',
  earlyExit: 'Early exit fees',
  performance: 'Performance fees',
  vat: 'VAT (5% on the fees)',
};

export type StatementJson = {
  kind: 'monthly' | 'annual';
  /** '2026-03' or '2026'. */
  period: string;
  from: string;
  to: string;
  /** False while the period is still running: figures up to today. */
  complete: boolean;
  generatedAt: string;
  investor: { name: string; email: string; unicode: string };
  displayCurrency: { code: CurrencyCode; perAed: string; note: string };
  wallet: {
    opening: string;
    closing: string;
    /** Σ of the period's movements per wallet kind (signed). */
    byKind: { kind: string; label: string; amount: string }[];
  };
  distributions: {
    items: { paidOn: string; number: string; propertyTitle: string; period: string; units: string; amount: string; feeNetted: string; net: string; reinvested: string }[];
    total: string;
    feeNetted: string;
    net: string;
  };
  fees: { byKind: Record<FeeKind, string>; total: string; platformOwedAtEnd: string };
  purchases: { date: string; reference: string; propertyTitle: string; units: string; amount: string; fees: string; total: string; status: 'active' | 'cancelled' | 'bought' }[];
  sales: { date: string; reference: string; propertyTitle: string; venue: string; units: string; gross: string; fees: string; net: string; cost: string; gain: string }[];
  gains: { realised: string; unrealised: string };
  holdings: { propertyId: string; reference: string; title: string; units: string; cost: string; valuation: string; valuedOn: string | null; value: string; gain: string }[];
  totals: { purchases: string; sales: string; holdingsValue: string; holdingsCost: string };
};
