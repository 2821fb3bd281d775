/**
 * The financial statements as rows with three figures each — this period, the prior period and the
 * change — worked out in bigint fils from the report JSON, plus the checks every statement must pass
 * (assets = liabilities + equity + current earnings; opening cash + net change = closing cash; debits =
 * credits). Pure, so the screens and the tests share it.
 */
import { formatDate, formatRange } from './dates';
import { toFils } from './money';
import type { BalanceSheetJson, CashFlowJson, ProfitAndLossJson, StatementSection, TrialBalanceResponse } from './types';

export type ReportKey = 'trial-balance' | 'profit-and-loss' | 'balance-sheet' | 'cash-flow';

export const REPORTS: { key: ReportKey; title: string; short: string; description: string }[] = [
  { key: 'profit-and-loss', title: 'Profit and loss', short: 'Profit and loss', description: 'Income less expenses for the period, beside the period before it. Year-end closing entries are left out.' },
  { key: 'balance-sheet', title: 'Balance sheet', short: 'Balance sheet', description: 'What Manzil owns and owes at the end of the period, beside the end of the period before it.' },
  { key: 'cash-flow', title: 'Cash flow statement', short: 'Cash flow', description: 'How cash moved, by the indirect method: net income adjusted for every change in non-cash balances.' },
  { key: 'trial-balance', title: 'Trial balance', short: 'Trial balance', description: 'Every account with its opening balance (the prior period’s close), the period’s debits and credits, and its closing balance.' },
];

export type Comparison = { current: bigint; prior: bigint; change: bigint };

/** This period, the prior period and the change between them. */
export function compare(current: string | bigint | number, prior: string | bigint | number): Comparison {
  const c = toFils(current);
  const p = toFils(prior);
  return { current: c, prior: p, change: c - p };
}

/** The change as a share of the prior figure ('+12.5%'), or null when there's nothing to compare with. */
export function changePercent({ prior, change }: Comparison): string | null {
  if (prior === 0n) return null;
  const abs = prior < 0n ? -prior : prior;
  // One decimal, rounded half away from zero, in integers: (change × 1000 / |prior|) tenths of a percent.
  const tenths = (change * 1000n * 2n + (change >= 0n ? abs : -abs)) / (abs * 2n);
  const sign = tenths > 0n ? '+' : tenths < 0n ? '−' : '';
  const t = tenths < 0n ? -tenths : tenths;
  return `${sign}${t / 10n}.${t % 10n}%`;
}

export type StatementLine =
  | { kind: 'heading'; label: string }
  | { kind: 'row'; label: string; code?: string; depth: number; group: boolean; figures: Comparison }
  | { kind: 'total' | 'grand'; label: string; figures: Comparison };

export type Check = { ok: boolean; label: string; detail: string };

export type Statement = {
  title: string;
  currentLabel: string;
  priorLabel: string;
  lines: StatementLine[];
  checks: Check[];
};

function sectionLines(title: string, s: StatementSection, totalLabel: string): StatementLine[] {
  return [
    { kind: 'heading', label: title },
    ...s.rows.map<StatementLine>((r) => ({ kind: 'row', label: r.accountName, code: r.accountCode, depth: r.depth, group: r.isGroup, figures: compare(r.amount, r.comparison) })),
    { kind: 'total', label: totalLabel, figures: compare(s.total, s.comparisonTotal) },
  ];
}

export function profitAndLossStatement(pl: ProfitAndLossJson): Statement {
  const income = compare(pl.income.total, pl.income.comparisonTotal);
  const expenses = compare(pl.expenses.total, pl.expenses.comparisonTotal);
  const net = compare(pl.netIncome, pl.comparisonNetIncome);
  const ok = net.current === income.current - expenses.current && net.prior === income.prior - expenses.prior;
  return {
    title: 'Profit and loss',
    currentLabel: formatRange(pl.from, pl.to),
    priorLabel: formatRange(pl.comparison.from, pl.comparison.to),
    lines: [...sectionLines('Income', pl.income, 'Total income'), ...sectionLines('Expenses', pl.expenses, 'Total expenses'), { kind: 'grand', label: 'Net income', figures: net }],
    checks: [{ ok, label: 'Net income = income − expenses', detail: ok ? 'Agrees for both periods.' : 'The totals do not agree; reload the report and tell the finance lead.' }],
  };
}

export function balanceSheetStatement(bs: BalanceSheetJson): Statement {
  const assets = compare(bs.assets.total, bs.assets.comparisonTotal);
  const liabilities = compare(bs.liabilities.total, bs.liabilities.comparisonTotal);
  const equity = compare(bs.equity.total, bs.equity.comparisonTotal);
  const earnings = compare(bs.currentEarnings, bs.comparisonCurrentEarnings);
  const totalEquity = compare(equity.current + earnings.current, equity.prior + earnings.prior);
  const le = compare(liabilities.current + totalEquity.current, liabilities.prior + totalEquity.prior);
  return {
    title: 'Balance sheet',
    currentLabel: `At ${formatDate(bs.asOf)}`,
    priorLabel: `At ${formatDate(bs.comparisonAsOf)}`,
    lines: [
      ...sectionLines('Assets', bs.assets, 'Total assets'),
      ...sectionLines('Liabilities', bs.liabilities, 'Total liabilities'),
      { kind: 'heading', label: 'Equity' },
      ...bs.equity.rows.map<StatementLine>((r) => ({ kind: 'row', label: r.accountName, code: r.accountCode, depth: r.depth, group: r.isGroup, figures: compare(r.amount, r.comparison) })),
      { kind: 'row', label: 'Current earnings (not yet closed)', depth: 0, group: false, figures: earnings },
      { kind: 'total', label: 'Total equity', figures: totalEquity },
      { kind: 'grand', label: 'Total liabilities and equity', figures: le },
    ],
    checks: [
      balanceCheck(`At ${formatDate(bs.asOf)}`, assets.current, liabilities.current, equity.current, earnings.current),
      balanceCheck(`At ${formatDate(bs.comparisonAsOf)}`, assets.prior, liabilities.prior, equity.prior, earnings.prior),
    ],
  };
}

/** Assets = liabilities + equity + current earnings, to the fil. */
export function balanceCheck(label: string, assets: bigint, liabilities: bigint, equity: bigint, earnings: bigint): Check {
  const right = liabilities + equity + earnings;
  const ok = assets === right;
  return { ok, label, detail: ok ? 'Assets = liabilities + equity + current earnings.' : `Off by ${assets - right} fils: assets do not equal liabilities + equity + current earnings.` };
}

export function cashFlowStatement(cf: CashFlowJson): Statement {
  const row = (label: string, code: string | undefined, a: string, b: string): StatementLine => ({ kind: 'row', label, code, depth: 1, group: false, figures: compare(a, b) });
  const opening = compare(cf.openingCash, cf.comparisonOpeningCash);
  const net = compare(cf.netChange, cf.comparisonNetChange);
  const closing = compare(cf.closingCash, cf.comparisonClosingCash);
  const ok = opening.current + net.current === closing.current && opening.prior + net.prior === closing.prior;
  return {
    title: 'Cash flow statement',
    currentLabel: formatRange(cf.from, cf.to),
    priorLabel: formatRange(cf.comparison.from, cf.comparison.to),
    lines: [
      { kind: 'heading', label: 'Operating activities' },
      { kind: 'row', label: 'Net income', depth: 0, group: false, figures: compare(cf.operating.netIncome, cf.operating.comparisonNetIncome) },
      ...cf.operating.adjustments.map((r) => row(`Change in ${r.accountName}`, r.accountCode, r.amount, r.comparison)),
      { kind: 'total', label: 'Net cash from operating activities', figures: compare(cf.operating.total, cf.operating.comparisonTotal) },
      { kind: 'heading', label: 'Investing activities' },
      ...cf.investing.rows.map((r) => row(`Change in ${r.accountName}`, r.accountCode, r.amount, r.comparison)),
      { kind: 'total', label: 'Net cash from investing activities', figures: compare(cf.investing.total, cf.investing.comparisonTotal) },
      { kind: 'heading', label: 'Financing activities' },
      ...cf.financing.rows.map((r) => row(`Change in ${r.accountName}`, r.accountCode, r.amount, r.comparison)),
      { kind: 'total', label: 'Net cash from financing activities', figures: compare(cf.financing.total, cf.financing.comparisonTotal) },
      { kind: 'grand', label: 'Net change in cash', figures: net },
      { kind: 'row', label: 'Cash at the start of the period', depth: 0, group: false, figures: opening },
      { kind: 'grand', label: 'Cash at the end of the period', figures: closing },
    ],
    checks: [{ ok, label: 'Cash at the start + net change = cash at the end', detail: ok ? 'Reconciles for both periods.' : 'The cash figures do not reconcile; reload the report and tell the finance lead.' }],
  };
}

export type TrialBalanceCheck = Check & { debit: bigint; credit: bigint };
export function trialBalanceCheck(tb: TrialBalanceResponse): TrialBalanceCheck {
  let debit = 0n;
  let credit = 0n;
  for (const r of tb.rows) {
    debit += toFils(r.debit);
    credit += toFils(r.credit);
  }
  const ok = debit === credit && debit === toFils(tb.totals.debit) && credit === toFils(tb.totals.credit);
  return { ok, debit, credit, label: 'Debits = credits', detail: ok ? 'The closing balances agree to the fil.' : `Debits and credits differ by ${debit - credit} fils.` };
}
