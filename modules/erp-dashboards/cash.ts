/**
 * Cash and runway: every cash and bank account (the 1100 group) with its balance, the client money and the property
 * vehicles' rent account kept apart from the operator's own cash; the operator's monthly net burn (its expenses less
 * its income: rent and the properties' operating costs belong to the property vehicles, not the operator); the
 * runway at the 3- and 6-month average burn; and month-end balances. Balances come from the trial balance.
 */
import type { Db } from '@db/client';
import { LEDGER_ACCOUNTS, trialBalance } from '@modules/ledger';
import { monthEnd } from '@modules/platform/dates';
import type { BurnMonthJson, CashAccountJson, CashDashboardJson, CashHolder, Figure, PeriodQuery } from './contract';
import { byMonth, loadChart, monthlyMovements, type Chart } from './ledger-reads';
import { monthWithin, resolvePeriod } from './period';
import { runway } from './runway';

const CASH_GROUP = '1100';
const PROPERTY_COSTS_GROUP = '5000';

export const holderOf = (code: string): CashHolder =>
  code === LEDGER_ACCOUNTS.bankClientMoney ? 'clients' : code === LEDGER_ACCOUNTS.propertyRentAccount ? 'properties' : 'operator';

/** The operator's own income and expense posting accounts: all of them but rent and the properties' operating costs. */
export function operatorAccounts(chart: Chart): { income: string[]; expenses: string[] } {
  const propertyCosts = new Set(chart.descendants(PROPERTY_COSTS_GROUP).map((a) => a.code));
  const posting = chart.accounts.filter((a) => !a.isGroup);
  return {
    income: posting.filter((a) => a.type === 'income' && a.code !== LEDGER_ACCOUNTS.rentalIncome).map((a) => a.code),
    expenses: posting.filter((a) => a.type === 'expense' && !propertyCosts.has(a.code)).map((a) => a.code),
  };
}

export async function cashDashboard(db: Db, q: PeriodQuery, today?: string): Promise<CashDashboardJson> {
  const { from, to, months } = resolvePeriod(q, today);
  const chart = await loadChart(db);
  const cashAccounts = chart.descendants(CASH_GROUP);
  const cashCodes = cashAccounts.map((a) => a.code);
  const op = operatorAccounts(chart);
  const [tb, cashMoves, plMoves] = await Promise.all([
    trialBalance(db, { from, to }),
    monthlyMovements(db, from, to, { codes: cashCodes }),
    monthlyMovements(db, from, to, { excludeClosing: true, codes: [...op.income, ...op.expenses] }),
  ]);
  const tbByCode = new Map(tb.rows.map((r) => [r.accountCode, r]));
  const drill = (account: string, extra: Partial<Figure['drill']> = {}) => ({ account, from, to, ...extra });

  const accounts: CashAccountJson[] = cashAccounts.map((a) => {
    const r = tbByCode.get(a.code);
    const balance = r ? BigInt(r.debit) - BigInt(r.credit) : 0n;
    return { accountCode: a.code, accountName: a.name, holder: holderOf(a.code), balance: balance.toString(), drill: drill(a.code) };
  });
  const sumOf = (holder: CashHolder | null) => accounts.filter((a) => holder === null || a.holder === holder).reduce((s, a) => s + BigInt(a.balance), 0n);
  const operatorCodes = accounts.filter((a) => a.holder === 'operator').map((a) => a.accountCode);
  const operatorCash = sumOf('operator');

  // Month-end balances: the opening at `from` plus each month's movements.
  const opening = new Map<CashHolder, bigint>([['operator', 0n], ['clients', 0n], ['properties', 0n]]);
  for (const a of cashAccounts) {
    const r = tbByCode.get(a.code);
    if (r) opening.set(holderOf(a.code), opening.get(holderOf(a.code))! + BigInt(r.opening.debit) - BigInt(r.opening.credit));
  }
  const moves = (holder: CashHolder) => byMonth(months, cashMoves, (r) => holderOf(r.code) === holder, 'debit');
  const perHolder = { operator: moves('operator'), clients: moves('clients'), properties: moves('properties') };
  const running = new Map(opening);
  const series = months.map((month) => {
    for (const h of ['operator', 'clients', 'properties'] as const) running.set(h, running.get(h)! + perHolder[h].get(month)!);
    const end = monthEnd(`${month}-01`);
    return { month, date: end < to ? end : to, operator: running.get('operator')!.toString(), clients: running.get('clients')!.toString(), properties: running.get('properties')!.toString() };
  });

  const incomeSet = new Set(op.income);
  const expenseSet = new Set(op.expenses);
  const income = byMonth(months, plMoves, (r) => incomeSet.has(r.code), 'credit');
  const expenses = byMonth(months, plMoves, (r) => expenseSet.has(r.code), 'debit');
  const burn: BurnMonthJson[] = months.map((month) => {
    const part = monthWithin(month, from, to);
    const i = income.get(month)!;
    const e = expenses.get(month)!;
    return {
      month,
      income: i.toString(),
      expenses: e.toString(),
      burn: (e - i).toString(),
      drill: { income: { account: '4000', ...part, accounts: op.income }, expenses: { account: '6000', ...part, accounts: op.expenses } },
    };
  });
  // Averages use whole months only: a month cut short by the period's end would understate the burn.
  const complete = burn.filter((b) => monthWithin(b.month, from, to).to === monthEnd(`${b.month}-01`) && monthWithin(b.month, from, to).from === `${b.month}-01`);
  const burns = complete.map((b) => BigInt(b.burn));

  const figure = (amount: bigint, codes: string[]): Figure => ({
    amount: amount.toString(),
    drill: codes.length === 1 ? drill(codes[0]) : drill(CASH_GROUP, { accounts: codes }),
  });
  return {
    period: { from, to, months },
    accounts,
    operatorCash: figure(operatorCash, operatorCodes),
    clientMoney: figure(sumOf('clients'), [LEDGER_ACCOUNTS.bankClientMoney]),
    propertyCash: figure(sumOf('properties'), [LEDGER_ACCOUNTS.propertyRentAccount]),
    totalCash: { amount: sumOf(null).toString(), drill: drill(CASH_GROUP) },
    burn,
    runway3: runway(operatorCash, burns, 3),
    runway6: runway(operatorCash, burns, 6),
    series,
  };
}
