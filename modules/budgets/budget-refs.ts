/** What every budget use case reads: the chart and cost centers indexed both ways, row checks, and the period arithmetic (months, proration). */
import type { Db } from '@db/client';
import { badRequest } from '@api/errors';
import { addMonths, daysBetween, monthEnd, monthStart, todayInDubai } from '../platform/dates';
import { divideHalfEven } from '../platform/money';
// Not (yet) exported from modules/ledger/index.ts; see the report to the lead.
import { listAccounts, listCostCenters } from '../ledger/service';
import { budgetMessages, type BudgetAccountType } from './contract';

export type Account = { id: string; code: string; name: string; type: string; isGroup: boolean; archived: boolean };
export type CostCenter = { id: string; code: string; name: string; kind: string; parent: string | null; archived: boolean };

/** The chart and the cost centers, indexed both ways. */
export type Refs = {
  accountsByCode: Map<string, Account>;
  accountsById: Map<string, Account>;
  centersByCode: Map<string, CostCenter>;
  centersById: Map<string, CostCenter>;
  /** Cost center code → codes of the center and everything beneath it. */
  subtree: (code: string) => string[];
};

export async function loadRefs(db: Db): Promise<Refs> {
  const [accounts, centers] = await Promise.all([listAccounts(db), listCostCenters(db)]);
  const accountsByCode = new Map<string, Account>();
  const accountsById = new Map<string, Account>();
  for (const a of accounts) {
    const acc = { id: a.id, code: a.code, name: a.name, type: a.type, isGroup: a.isGroup, archived: a.archived };
    accountsByCode.set(a.code, acc);
    accountsById.set(a.id, acc);
  }
  const centersByCode = new Map<string, CostCenter>();
  const centersById = new Map<string, CostCenter>();
  const children = new Map<string, string[]>();
  for (const c of centers) {
    const cc = { id: c.id, code: c.code, name: c.name, kind: c.kind, parent: c.parent, archived: c.archived };
    centersByCode.set(c.code, cc);
    centersById.set(c.id, cc);
    if (c.parent) children.set(c.parent, [...(children.get(c.parent) ?? []), c.code]);
  }
  const subtree = (code: string) => {
    const out = [code];
    for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
    return out;
  };
  return { accountsByCode, accountsById, centersByCode, centersById, subtree };
}

export const isBudgetType = (t: string): t is BudgetAccountType => t === 'income' || t === 'expense';

/** Why an account can't take a budget amount, or null. Archived accounts may still be cleared (amount 0). */
export function accountProblem(refs: Refs, code: string, amount: bigint): string | null {
  const a = refs.accountsByCode.get(code);
  if (!a) return budgetMessages.accountNotFound(code);
  if (a.isGroup) return budgetMessages.accountIsGroup(a.code, a.name);
  if (!isBudgetType(a.type)) return budgetMessages.accountNotPandL(a.code, a.name, a.type);
  if (a.archived && amount !== 0n) return budgetMessages.accountArchived(a.code, a.name);
  return null;
}

export function costCenterProblem(refs: Refs, code: string | null, amount: bigint): string | null {
  if (!code) return null;
  const c = refs.centersByCode.get(code);
  if (!c) return budgetMessages.costCenterNotFound(code);
  if (c.archived && amount !== 0n) return budgetMessages.costCenterArchived(code);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Dates

export const daysInclusive = (from: string, to: string) => daysBetween(from, to) + 1;
export const nextMonthStart = (d: string) => addMonths(monthStart(d), 1);
export const shiftYear = (firstOfMonth: string, years: number) => addMonths(firstOfMonth, 12 * years);

export function resolveRange(q: { from?: string; to?: string }): { from: string; to: string } {
  const to = q.to ?? todayInDubai();
  const from = q.from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to) throw badRequest(budgetMessages.dateRange, 'invalid_range');
  return { from, to };
}

export type Segment = { month: string; from: string; to: string; days: number; monthDays: number };

/** [from, to] cut at month boundaries: whole months, and part months at either end. */
export function monthSegments(from: string, to: string): Segment[] {
  const out: Segment[] = [];
  let start = from;
  while (start <= to) {
    const end = monthEnd(start) < to ? monthEnd(start) : to;
    const first = monthStart(start);
    out.push({ month: start.slice(0, 7), from: start, to: end, days: daysInclusive(start, end), monthDays: daysInclusive(first, monthEnd(first)) });
    start = nextMonthStart(start);
  }
  return out;
}

/** A month's budget for the part of it inside a period: by days, half to even. Whole months are exact. */
export const prorate = (amount: bigint, s: Segment) => (s.days === s.monthDays ? amount : divideHalfEven(amount * BigInt(s.days), BigInt(s.monthDays)));
