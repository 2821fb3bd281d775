import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest } from '@api/errors';
import {
  DEBIT_NORMAL,
  LEDGER_ACCOUNTS,
  ledgerMessages,
  type AccountType,
  type CashFlowClass,
  type TrialBalanceJson,
} from './contract';
import type { StatementRow, StatementSection, ProfitAndLossJson, BalanceSheetJson, CashFlowRow, CashFlowJson } from './contract';
export type { StatementRow, StatementSection, ProfitAndLossJson, BalanceSheetJson, CashFlowRow, CashFlowJson, GeneralLedgerLine, GeneralLedgerJson } from './contract';
import { costCenterSubtree } from './cost-centers';
import { addDays, monthStart, priorPeriod, todayInDubai, yearStart } from '../platform/dates';
import { big, rows } from './sql';
export { generalLedger, generalLedgerLines } from './general-ledger';

/*
 * Every report reads ledger_balances (totals per account, day and dimension, kept by the posting trigger),
 * so its cost grows with accounts and days, not with journal lines. Only the general ledger's line list
 * reads lines — and its totals come from the lines, so tests can hold it against the trial balance.
 */

export type ReportRange = { from?: string; to?: string; costCenter?: string; property?: string };
export type Filters = { costCenterIds: string[] | null; property: string | null };

export type Account = { id: string; code: string; name: string; type: AccountType; parentId: string | null; isGroup: boolean; cashFlow: CashFlowClass | null; archived: boolean };

export async function loadAccounts(db: Db): Promise<Account[]> {
  const found = await rows<{ id: string; code: string; name: string; type: AccountType; parent_id: string | null; is_group: boolean; cash_flow: CashFlowClass | null; archived: boolean }>(
    db,
    sql`select id, code, name, type, parent_id, is_group, cash_flow, archived_at is not null as archived from ledger_accounts order by code`,
  );
  return found.map((a) => ({ id: a.id, code: a.code, name: a.name, type: a.type, parentId: a.parent_id, isGroup: a.is_group, cashFlow: a.cash_flow, archived: a.archived }));
}

/** Resolves and checks a report's dates: `to` defaults to today (Dubai), `from` to the first day of `to`'s year. */
export function resolveRange(range: { from?: string; to?: string }): { from: string; to: string } {
  const to = range.to ?? todayInDubai();
  const from = range.from ?? yearStart(to.slice(0, 4));
  if (from > to) throw badRequest(ledgerMessages.dateRange, 'invalid_range');
  return { from, to };
}

export async function resolveFilters(db: Db, range: ReportRange): Promise<Filters> {
  return {
    costCenterIds: range.costCenter ? await costCenterSubtree(db, range.costCenter) : null,
    property: range.property ?? null,
  };
}

export function filterSql(f: Filters, alias = ''): SQL {
  const p = alias ? `${alias}.` : '';
  const parts: SQL[] = [];
  if (f.costCenterIds) parts.push(sql`${sql.raw(`${p}cost_center_id`)} in (${sql.join(f.costCenterIds.map((id) => sql`${id}`), sql`, `)})`);
  if (f.property) parts.push(sql`${sql.raw(`${p}property`)} = ${f.property}`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

export type Movement = { openDebit: bigint; openCredit: bigint; debit: bigint; credit: bigint };

/** Per account: totals before `from` (opening) and within [from, to], optionally without closing entries. */
export async function movements(db: Db, from: string, to: string, f: Filters, opts: { excludeClosing?: boolean } = {}): Promise<Map<string, Movement>> {
  const found = await rows<{ account_id: string; od: string; oc: string; d: string; c: string }>(
    db,
    sql`select account_id,
               coalesce(sum(debit) filter (where day < ${from}), 0)::text as od,
               coalesce(sum(credit) filter (where day < ${from}), 0)::text as oc,
               coalesce(sum(debit) filter (where day >= ${from}), 0)::text as d,
               coalesce(sum(credit) filter (where day >= ${from}), 0)::text as c
          from ledger_balances
         where day <= ${to}${opts.excludeClosing ? sql` and not is_closing` : sql``}${filterSql(f)}
         group by account_id`,
  );
  return new Map(found.map((r) => [r.account_id, { openDebit: big(r.od), openCredit: big(r.oc), debit: big(r.d), credit: big(r.c) }]));
}

const side = (net: bigint) => ({ debit: (net > 0n ? net : 0n).toString(), credit: (net < 0n ? -net : 0n).toString() });

// ---------------------------------------------------------------------------------------------
// Trial balance

/**
 * Every posting account with its balance at `to` on its side (debit or credit), plus the opening
 * balance (the day before `from`) and the period's movements. Totals always balance.
 */
export async function trialBalance(db: Db, range: ReportRange = {}): Promise<TrialBalanceJson & { comparison: { from: null; to: string } }> {
  const { from, to } = resolveRange(range);
  const [accounts, f] = await Promise.all([loadAccounts(db), resolveFilters(db, range)]);
  const m = await movements(db, from, to, f);
  const t = { debit: 0n, credit: 0n, od: 0n, oc: 0n, md: 0n, mc: 0n };
  const out: TrialBalanceJson['rows'] = [];
  for (const a of accounts) {
    const mv = m.get(a.id);
    if (!mv) continue;
    const opening = mv.openDebit - mv.openCredit;
    const closing = opening + mv.debit - mv.credit;
    if (opening === 0n && closing === 0n && mv.debit === 0n && mv.credit === 0n) continue;
    const row = { accountCode: a.code, accountName: a.name, accountType: a.type, ...side(closing), opening: side(opening), movement: { debit: mv.debit.toString(), credit: mv.credit.toString() } };
    out.push(row);
    t.debit += BigInt(row.debit);
    t.credit += BigInt(row.credit);
    t.od += BigInt(row.opening.debit);
    t.oc += BigInt(row.opening.credit);
    t.md += mv.debit;
    t.mc += mv.credit;
  }
  return {
    from,
    to,
    rows: out,
    totals: {
      debit: t.debit.toString(),
      credit: t.credit.toString(),
      opening: { debit: t.od.toString(), credit: t.oc.toString() },
      movement: { debit: t.md.toString(), credit: t.mc.toString() },
    },
    comparison: { from: null, to: addDays(from, -1) },
  };
}

// ---------------------------------------------------------------------------------------------
// Statements: a tree of accounts with amounts for the period and its comparison


function section(accounts: Account[], types: AccountType[], current: Map<string, bigint>, prior: Map<string, bigint>): StatementSection {
  const inSection = accounts.filter((a) => types.includes(a.type));
  const ids = new Set(inSection.map((a) => a.id));
  const children = new Map<string | null, Account[]>();
  for (const a of inSection) {
    const parent = a.parentId && ids.has(a.parentId) ? a.parentId : null;
    const list = children.get(parent);
    if (list) list.push(a);
    else children.set(parent, [a]);
  }
  const out: StatementRow[] = [];
  let total = 0n;
  let comparisonTotal = 0n;
  const walk = (a: Account, depth: number): { amount: bigint; comparison: bigint; rows: StatementRow[] } => {
    let amount = current.get(a.id) ?? 0n;
    let comparison = prior.get(a.id) ?? 0n;
    const sub: StatementRow[] = [];
    for (const c of children.get(a.id) ?? []) {
      const r = walk(c, depth + 1);
      amount += r.amount;
      comparison += r.comparison;
      sub.push(...r.rows);
    }
    const nonZero = amount !== 0n || comparison !== 0n || sub.length > 0;
    const row: StatementRow = { accountCode: a.code, accountName: a.name, depth, isGroup: a.isGroup, amount: amount.toString(), comparison: comparison.toString() };
    return { amount, comparison, rows: nonZero ? [row, ...sub] : [] };
  };
  for (const root of children.get(null) ?? []) {
    const r = walk(root, 0);
    total += r.amount;
    comparisonTotal += r.comparison;
    out.push(...r.rows);
  }
  return { rows: out, total: total.toString(), comparisonTotal: comparisonTotal.toString() };
}

/** Natural-sign amounts: debit-normal types as debit − credit, the others as credit − debit. */
function natural(accounts: Account[], m: Map<string, Movement>, pick: (mv: Movement) => bigint): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const a of accounts) {
    const mv = m.get(a.id);
    if (!mv) continue;
    const net = pick(mv);
    out.set(a.id, DEBIT_NORMAL.includes(a.type) ? net : -net);
  }
  return out;
}
const periodNet = (mv: Movement) => mv.debit - mv.credit;
const closingNet = (mv: Movement) => mv.openDebit - mv.openCredit + mv.debit - mv.credit;


/** Income and expenses for the range (year-end closing entries left out), beside the prior period. */
export async function profitAndLoss(db: Db, range: ReportRange = {}): Promise<ProfitAndLossJson> {
  const { from, to } = resolveRange(range);
  const prior = priorPeriod(from, to);
  const [accounts, f] = await Promise.all([loadAccounts(db), resolveFilters(db, range)]);
  const [cur, prev] = await Promise.all([movements(db, from, to, f, { excludeClosing: true }), movements(db, prior.from, prior.to, f, { excludeClosing: true })]);
  const income = section(accounts, ['income'], natural(accounts, cur, periodNet), natural(accounts, prev, periodNet));
  const expenses = section(accounts, ['expense'], natural(accounts, cur, periodNet), natural(accounts, prev, periodNet));
  return {
    from,
    to,
    comparison: prior,
    income,
    expenses,
    netIncome: (BigInt(income.total) - BigInt(expenses.total)).toString(),
    comparisonNetIncome: (BigInt(income.comparisonTotal) - BigInt(expenses.comparisonTotal)).toString(),
  };
}


/** Balances at `to` beside those at the end of the prior period (the day before `from`). */
export async function balanceSheet(db: Db, range: ReportRange = {}): Promise<BalanceSheetJson> {
  const { from, to } = resolveRange(range);
  const before = addDays(from, -1);
  const [accounts, f] = await Promise.all([loadAccounts(db), resolveFilters(db, range)]);
  const [cur, prev] = await Promise.all([movements(db, from, to, f), movements(db, before, before, f)]);
  const curNat = natural(accounts, cur, closingNet);
  const prevNat = natural(accounts, prev, closingNet);
  const assets = section(accounts, ['asset'], curNat, prevNat);
  const liabilities = section(accounts, ['liability'], curNat, prevNat);
  const equity = section(accounts, ['equity'], curNat, prevNat);
  const earnings = (nat: Map<string, bigint>) =>
    accounts.reduce((s, a) => (a.type === 'income' ? s + (nat.get(a.id) ?? 0n) : a.type === 'expense' ? s - (nat.get(a.id) ?? 0n) : s), 0n);
  const currentEarnings = earnings(curNat);
  const comparisonCurrentEarnings = earnings(prevNat);
  const tle = BigInt(liabilities.total) + BigInt(equity.total) + currentEarnings;
  const ctle = BigInt(liabilities.comparisonTotal) + BigInt(equity.comparisonTotal) + comparisonCurrentEarnings;
  return {
    asOf: to,
    comparisonAsOf: before,
    assets,
    liabilities,
    equity,
    currentEarnings: currentEarnings.toString(),
    comparisonCurrentEarnings: comparisonCurrentEarnings.toString(),
    totalLiabilitiesAndEquity: tle.toString(),
    comparisonTotalLiabilitiesAndEquity: ctle.toString(),
    balanced: tle === BigInt(assets.total) && ctle === BigInt(assets.comparisonTotal),
  };
}


/**
 * Cash flow by the indirect method: net income, then the change of every non-cash balance-sheet
 * account by its class (operating, investing, financing). It reconciles to the change in cash
 * exactly, because every entry balances.
 */
export async function cashFlow(db: Db, range: ReportRange = {}): Promise<CashFlowJson> {
  const { from, to } = resolveRange(range);
  const prior = priorPeriod(from, to);
  const [accounts, f] = await Promise.all([loadAccounts(db), resolveFilters(db, range)]);
  const [cur, prev] = await Promise.all([movements(db, from, to, f, { excludeClosing: true }), movements(db, prior.from, prior.to, f, { excludeClosing: true })]);
  const [curAll, prevAll] = await Promise.all([movements(db, from, to, f), movements(db, prior.from, prior.to, f)]);

  const build = (m: Map<string, Movement>, all: Map<string, Movement>) => {
    let netIncome = 0n;
    let cashChange = 0n;
    let openingCash = 0n;
    const byClass: Record<'operating' | 'investing' | 'financing', Map<string, bigint>> = { operating: new Map(), investing: new Map(), financing: new Map() };
    for (const a of accounts) {
      const mv = m.get(a.id);
      const mvAll = all.get(a.id);
      if (a.type === 'income' || a.type === 'expense') {
        if (mv) netIncome += mv.credit - mv.debit;
        continue;
      }
      if (a.cashFlow === 'cash') {
        if (mv) cashChange += mv.debit - mv.credit;
        if (mvAll) openingCash += mvAll.openDebit - mvAll.openCredit;
        continue;
      }
      if (mv && mv.debit !== mv.credit) byClass[a.cashFlow ?? (a.type === 'equity' ? 'financing' : 'operating')].set(a.id, mv.credit - mv.debit);
    }
    return { netIncome, cashChange, openingCash, byClass };
  };
  const c = build(cur, curAll);
  const p = build(prev, prevAll);
  const rowsOf = (cls: 'operating' | 'investing' | 'financing') => {
    const ids = new Set([...c.byClass[cls].keys(), ...p.byClass[cls].keys()]);
    const out: CashFlowRow[] = [];
    let total = 0n;
    let comparisonTotal = 0n;
    for (const a of accounts) {
      if (!ids.has(a.id)) continue;
      const amount = c.byClass[cls].get(a.id) ?? 0n;
      const comparison = p.byClass[cls].get(a.id) ?? 0n;
      total += amount;
      comparisonTotal += comparison;
      out.push({ accountCode: a.code, accountName: a.name, amount: amount.toString(), comparison: comparison.toString() });
    }
    return { rows: out, total, comparisonTotal };
  };
  const op = rowsOf('operating');
  const inv = rowsOf('investing');
  const fin = rowsOf('financing');
  const netChange = c.netIncome + op.total + inv.total + fin.total;
  const comparisonNetChange = p.netIncome + op.comparisonTotal + inv.comparisonTotal + fin.comparisonTotal;
  return {
    from,
    to,
    comparison: prior,
    operating: {
      netIncome: c.netIncome.toString(),
      comparisonNetIncome: p.netIncome.toString(),
      adjustments: op.rows,
      total: (c.netIncome + op.total).toString(),
      comparisonTotal: (p.netIncome + op.comparisonTotal).toString(),
    },
    investing: { rows: inv.rows, total: inv.total.toString(), comparisonTotal: inv.comparisonTotal.toString() },
    financing: { rows: fin.rows, total: fin.total.toString(), comparisonTotal: fin.comparisonTotal.toString() },
    netChange: netChange.toString(),
    comparisonNetChange: comparisonNetChange.toString(),
    openingCash: c.openingCash.toString(),
    closingCash: (c.openingCash + c.cashChange).toString(),
    comparisonOpeningCash: p.openingCash.toString(),
    comparisonClosingCash: (p.openingCash + p.cashChange).toString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Key figures for the accounting home

export async function ledgerSummary(db: Db, today = todayInDubai()) {
  const accounts = await loadAccounts(db);
  const ytd = await movements(db, yearStart(today.slice(0, 4)), today, { costCenterIds: null, property: null }, { excludeClosing: true });
  const mtd = await movements(db, monthStart(today), today, { costCenterIds: null, property: null }, { excludeClosing: true });
  let cash = 0n;
  let clientMoney = 0n;
  let incomeYtd = 0n;
  let expensesYtd = 0n;
  let incomeMtd = 0n;
  let expensesMtd = 0n;
  const clientGroup = accounts.find((a) => a.code === LEDGER_ACCOUNTS.investorClientMoney);
  for (const a of accounts) {
    const y = ytd.get(a.id);
    const mo = mtd.get(a.id);
    if (a.cashFlow === 'cash' && y) cash += closingNet(y);
    if (clientGroup && a.parentId === clientGroup.id && y) clientMoney -= closingNet(y);
    if (a.type === 'income') {
      incomeYtd += y ? y.credit - y.debit : 0n;
      incomeMtd += mo ? mo.credit - mo.debit : 0n;
    }
    if (a.type === 'expense') {
      expensesYtd += y ? y.debit - y.credit : 0n;
      expensesMtd += mo ? mo.debit - mo.credit : 0n;
    }
  }
  const [counts] = await rows<{ drafts: string; posted: string }>(
    db,
    sql`select count(*) filter (where status = 'draft')::text as drafts, count(*) filter (where status = 'posted')::text as posted from ledger_journal_entries`,
  );
  return {
    asOf: today,
    cash: cash.toString(),
    clientMoney: clientMoney.toString(),
    incomeMonthToDate: incomeMtd.toString(),
    expensesMonthToDate: expensesMtd.toString(),
    incomeYearToDate: incomeYtd.toString(),
    expensesYearToDate: expensesYtd.toString(),
    netIncomeYearToDate: (incomeYtd - expensesYtd).toString(),
    draftEntries: Number(counts.drafts),
    postedEntries: Number(counts.posted),
  };
}

/** Checks the precomputed balances against the posted lines themselves (for audits and tests). */
export async function verifyBalances(db: Db): Promise<{ ok: boolean; mismatches: { accountId: string; day: string; expected: string; stored: string }[] }> {
  const found = await rows<{ account_id: string; day: string; expected: string; stored: string }>(
    db,
    sql`with expected as (
          select l.account_id, l.date as day, l.cost_center_id, l.property, e.kind = 'closing' as is_closing, sum(l.debit) as debit, sum(l.credit) as credit
            from ledger_journal_lines l join ledger_journal_entries e on e.id = l.entry_id
           where e.status = 'posted' group by 1, 2, 3, 4, 5)
        select coalesce(x.account_id, b.account_id) as account_id, coalesce(x.day, b.day)::text as day,
               coalesce(x.debit, 0)::text || '/' || coalesce(x.credit, 0)::text as expected,
               coalesce(b.debit, 0)::text || '/' || coalesce(b.credit, 0)::text as stored
          from expected x
          full join ledger_balances b on b.account_id = x.account_id and b.day = x.day and b.is_closing = x.is_closing
               and b.cost_center_id is not distinct from x.cost_center_id and b.property is not distinct from x.property
         where coalesce(x.debit, 0) <> coalesce(b.debit, 0) or coalesce(x.credit, 0) <> coalesce(b.credit, 0)
         limit 100`,
  );
  return { ok: found.length === 0, mismatches: found.map((r) => ({ accountId: r.account_id, day: r.day, expected: r.expected, stored: r.stored })) };
}

