/**
 * ERP dashboards (issue #15): ready-made views of the one ledger for the operator. Browser-safe.
 *
 *   GET /api/admin/erp-dashboards/cash?from&to                  → CashDashboardJson
 *   GET /api/admin/erp-dashboards/revenue?from&to               → RevenueDashboardJson
 *   GET /api/admin/erp-dashboards/aum?from&to                   → AumDashboardJson
 *   GET /api/admin/erp-dashboards/receivables-payables?from&to  → ReceivablesPayablesJson
 *   GET /api/admin/erp-dashboards/payroll?from&to               → PayrollDashboardJson
 *   GET /api/admin/erp-dashboards/budget?from&to                → BudgetDashboardJson
 *
 * Dates are 'YYYY-MM-DD' (default: the last 12 months by month, up to today in Dubai); a period runs at most
 * five years. Amounts are strings of integer fils of AED, like every other module. Every figure carries a
 * Drill: the ledger account (a group includes its sub-accounts), the period and any cost center or property,
 * which `ledgerHref` turns into a link to the general ledger's lines.
 */
import { z } from 'zod';
import { dateSchema } from '@modules/ledger/contract';
import type { VarianceJson } from '@modules/budgets/contract';

export const MAX_PERIOD_YEARS = 5;
export const DASHBOARDS = ['cash', 'revenue', 'aum', 'receivables-payables', 'payroll', 'budget'] as const;
export type DashboardKey = (typeof DASHBOARDS)[number];

export const erpDashboardMessages = {
  rangeReversed: 'The start of the period must be on or before its end.',
  rangeTooLong: `A dashboard period can be at most ${MAX_PERIOD_YEARS} years.`,
  incomeCoversCosts: 'Operator income covers its costs over these months, so cash is not running down.',
  noMonths: 'There are no complete months of activity in the period to average.',
} as const;

/** Dashboards read the books' years: 1900 to 2999 (calendar arithmetic on later years would leave 'YYYY-MM-DD'). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;
const periodDate = (label: string) =>
  dateSchema(label).refine((d) => Number(d.slice(0, 4)) >= MIN_YEAR && Number(d.slice(0, 4)) <= MAX_YEAR, `${label} must be a date between ${MIN_YEAR} and ${MAX_YEAR}`);

/** Whether [from, to] runs MAX_PERIOD_YEARS or longer: `to` on or after the same day that many years on (compared as numbers). */
export function exceedsMaxPeriod(from: string, to: string): boolean {
  const key = (d: string, years = 0) => (Number(d.slice(0, 4)) + years) * 10_000 + Number(d.slice(5, 7)) * 100 + Number(d.slice(8, 10));
  return key(to) >= key(from, MAX_PERIOD_YEARS);
}

export const periodQuery = z.object({
  from: periodDate('from').optional(),
  to: periodDate('to').optional(),
});
export type PeriodQuery = z.output<typeof periodQuery>;

/** Where a figure's ledger lines are: an account (groups include sub-accounts), a period and optional dimensions. */
export type Drill = {
  account: string;
  from: string;
  to: string;
  costCenter?: string;
  property?: string;
  /** When a figure sums posting accounts that no single group holds alone: exactly which ones (`account` is the closest group). */
  accounts?: string[];
};

/** The general ledger's address for a figure's lines. */
export function ledgerHref(d: Drill): string {
  const p = new URLSearchParams({ account: d.account, from: d.from, to: d.to });
  if (d.costCenter) p.set('costCenter', d.costCenter);
  if (d.property) p.set('property', d.property);
  return `/admin/financial/ledger?${p.toString()}`;
}

/** Hundredths of a month as written ('2534' → '25.34'); non-negative. */
export function formatHundredths(h: string): string {
  const v = BigInt(h);
  return `${v / 100n}.${(v % 100n).toString().padStart(2, '0')}`;
}

export type Figure = { amount: string; drill: Drill };
export type Period = { from: string; to: string; months: string[] };

// ── Cash and runway ─────────────────────────────────────────────────────────────────────────────────

export type CashHolder = 'operator' | 'clients' | 'properties';
export type CashAccountJson = { accountCode: string; accountName: string; holder: CashHolder; balance: string; drill: Drill };
export type BurnMonthJson = { month: string; income: string; expenses: string; burn: string; drill: { income: Drill; expenses: Drill } };
export type RunwayJson = {
  /** Average monthly burn over the last n months of the period, fils (half-even). */
  averageBurn: string;
  months: number;
  /** Operator cash ÷ average burn in hundredths of a month, as a string of digits ('1250' = 12.50 months); null when not burning. */
  runwayHundredths: string | null;
  reason: string | null;
};
export type CashDashboardJson = {
  period: Period;
  accounts: CashAccountJson[];
  operatorCash: Figure;
  clientMoney: Figure;
  propertyCash: Figure;
  totalCash: Figure;
  burn: BurnMonthJson[];
  runway3: RunwayJson;
  runway6: RunwayJson;
  /** Month-end balances. */
  series: { month: string; date: string; operator: string; clients: string; properties: string }[];
};

// ── Revenue by stream ───────────────────────────────────────────────────────────────────────────────

export type RevenueStreamJson = { key: string; label: string; accounts: string[]; total: string; previous: string; drill: Drill; previousDrill: Drill };
export type RevenueDashboardJson = {
  period: Period;
  previous: { from: string; to: string };
  streams: RevenueStreamJson[];
  total: Figure & { previous: string };
  /** One row per month: the stream keys with their amounts. */
  months: { month: string; amounts: Record<string, string> }[];
};

// ── Assets under management ─────────────────────────────────────────────────────────────────────────

export type AumPropertyJson = { propertyId: string; reference: string; title: string; units: string; totalUnits: string; investors: number; value: string; drill: Drill };
export type AumDashboardJson = {
  period: Period;
  asOf: string;
  value: string;
  investors: number;
  /** What investors hold in cash on the platform (client money, account 2100): the ledger side of AUM. */
  clientMoney: Figure;
  properties: AumPropertyJson[];
  series: { month: string; date: string; value: string; investors: number }[];
};

// ── Receivables and payables ───────────────────────────────────────────────────────────────────────

export type AgingBucketsJson = { current: string; d1_30: string; d31_60: string; d61_90: string; d90_plus: string; total: string };
export type PartyJson = { id: string; name: string; total: string; overdue: string };
export type ReceivablesPayablesJson = {
  period: Period;
  asOf: string;
  receivables: { buckets: AgingBucketsJson; top: PartyJson[]; ledger: Figure; credits: string; dsoDays: number | null; sales: Figure };
  payables: { buckets: AgingBucketsJson; top: PartyJson[]; ledger: Figure; dpoDays: number | null; purchases: Figure };
};

// ── Payroll cost ────────────────────────────────────────────────────────────────────────────────────

export type PayrollDashboardJson = {
  period: Period;
  total: Figure;
  byAccount: { accountCode: string; accountName: string; amount: string; drill: Drill }[];
  byCostCenter: { costCenter: string | null; name: string; amount: string; drill: Drill }[];
  months: { month: string; amount: string; byCostCenter: Record<string, string>; drill: Drill }[];
  headcount: { active: number; byCostCenter: { costCenter: string | null; count: number }[]; months: { month: string; count: number }[] };
};

// ── Budget vs actual ────────────────────────────────────────────────────────────────────────────────

/** The budgets module's variance: variancePercent is a one-decimal string ('-12.5'), null when nothing was budgeted. */
export type BudgetVarianceJson = VarianceJson;
export type BudgetDashboardJson = {
  period: Period;
  budgets: { fiscalYear: number; name: string }[];
  rows: (BudgetVarianceJson & { accountCode: string; accountName: string; accountType: 'income' | 'expense'; drill: Drill })[];
  totals: { income: BudgetVarianceJson; expense: BudgetVarianceJson; net: BudgetVarianceJson };
  months: { month: string; from: string; to: string; income: BudgetVarianceJson; expense: BudgetVarianceJson }[];
};
