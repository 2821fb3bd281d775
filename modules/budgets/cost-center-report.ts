/** Cost-center reports: actuals and budget by cost center, and the ledger lines behind a figure. */
import type { Db } from '@db/client';
import { badRequest, notFound } from '@api/errors';
import { generalLedger } from '../ledger';
import { budgetMessages, COMPANY_KEY, MAX_REPORT_COST_CENTERS, UNASSIGNED_KEY, type BudgetAccountType, type CostCenterLinesJson, type CostCenterReportJson, type ReportColumnJson } from './contract';
import { loadRefs, isBudgetType, resolveRange, monthSegments, prorate, type Account, type CostCenter } from './budget-refs';
import { actualsByAccount, budgetByAccountMonth } from './versus-actual';

/**
 * Actuals by account for each chosen cost center (each with its sub-centers), beside the amounts not
 * assigned to any cost center and the whole company, with each column's budget for the same period.
 * Every figure is the ledger's profit and loss for that cost center, so a column agrees with it.
 */
export async function costCenterReport(db: Db, q: { from?: string; to?: string; costCenters?: string }): Promise<CostCenterReportJson> {
  const { from, to } = resolveRange(q);
  const refs = await loadRefs(db);
  const all = [...refs.centersByCode.values()];
  const roots = all.filter((c) => !c.parent || !refs.centersByCode.has(c.parent));
  let selected: CostCenter[];
  if (q.costCenters) {
    const codes = [...new Set(q.costCenters.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean))];
    const unknown = codes.filter((c) => !refs.centersByCode.has(c));
    if (unknown.length) throw notFound(unknown.map(budgetMessages.costCenterNotFound).join(' '), 'cost_center_not_found');
    selected = codes.map((c) => refs.centersByCode.get(c)!);
  } else selected = roots.filter((c) => !c.archived).sort((a, b) => (a.code < b.code ? -1 : 1));
  if (selected.length > MAX_REPORT_COST_CENTERS) throw badRequest(budgetMessages.tooManyCostCenters, 'too_many_cost_centers');

  const needed = new Set([...selected.map((c) => c.code), ...roots.map((c) => c.code)]);
  const actualEntries = await Promise.all([...needed].map(async (code) => [code, await actualsByAccount(db, from, to, code)] as const));
  const actual = new Map(actualEntries);
  const company = await actualsByAccount(db, from, to);
  const unassigned = new Map(company);
  for (const r of roots) for (const [code, v] of actual.get(r.code)!) unassigned.set(code, (unassigned.get(code) ?? 0n) - v);

  const segments = monthSegments(from, to);
  const budgetTotals = async (scope: { centerIds: string[] | null; unassignedOnly?: boolean }) => {
    const map = await budgetByAccountMonth(db, refs, from, to, scope);
    const t = { income: 0n, expense: 0n };
    for (const [code, byMonth] of map) {
      const type = refs.accountsByCode.get(code)?.type;
      if (!type || !isBudgetType(type)) continue;
      for (const s of segments) t[type] += prorate(byMonth.get(s.month) ?? 0n, s);
    }
    return t;
  };

  const columns: ReportColumnJson[] = selected.map((c) => ({
    key: c.code,
    code: c.code,
    label: c.name,
    kind: 'cost-center',
    costCenterKind: c.kind,
    subCenters: refs.subtree(c.code).length - 1,
    drillable: true,
  }));
  columns.push({ key: UNASSIGNED_KEY, code: null, label: 'No cost center', kind: 'unassigned', subCenters: 0, drillable: false });
  columns.push({ key: COMPANY_KEY, code: null, label: 'Whole company', kind: 'company', subCenters: 0, drillable: true });
  const values = new Map<string, Map<string, bigint>>([...selected.map((c) => [c.code, actual.get(c.code)!] as const), [UNASSIGNED_KEY, unassigned], [COMPANY_KEY, company]]);
  const budgetsByColumn = await Promise.all(
    columns.map((c) =>
      c.kind === 'company'
        ? budgetTotals({ centerIds: null })
        : c.kind === 'unassigned'
          ? budgetTotals({ centerIds: null, unassignedOnly: true })
          : budgetTotals({ centerIds: refs.subtree(c.code!).map((x) => refs.centersByCode.get(x)!.id) }),
    ),
  );

  const codes = new Set<string>();
  for (const m of values.values()) for (const [code, v] of m) if (v !== 0n) codes.add(code);
  const accounts = [...codes]
    .sort()
    .map((code) => refs.accountsByCode.get(code))
    .filter((a): a is Account => !!a && isBudgetType(a.type))
    .map((a) => ({ accountCode: a.code, accountName: a.name, accountType: a.type as BudgetAccountType }));
  const cells: CostCenterReportJson['cells'] = {};
  for (const a of accounts) {
    cells[a.accountCode] = {};
    for (const c of columns) cells[a.accountCode][c.key] = (values.get(c.key)!.get(a.accountCode) ?? 0n).toString();
  }
  const totals: CostCenterReportJson['totals'] = {};
  columns.forEach((c, i) => {
    let income = 0n;
    let expense = 0n;
    for (const a of accounts) {
      const v = values.get(c.key)!.get(a.accountCode) ?? 0n;
      if (a.accountType === 'income') income += v;
      else expense += v;
    }
    totals[c.key] = { income: income.toString(), expense: expense.toString(), net: (income - expense).toString(), budgetIncome: budgetsByColumn[i].income.toString(), budgetExpense: budgetsByColumn[i].expense.toString() };
  });
  const selectedCodes = new Set(selected.map((c) => c.code));
  const disjoint = selected.every((c) => refs.subtree(c.code).every((d) => d === c.code || !selectedCodes.has(d)));
  return { from, to, columns, accounts, cells, totals, disjoint };
}

/**
 * The journal lines behind one cell of the cost-center report: the ledger's general ledger for the
 * account, the cost center (with its sub-centers; none for the whole company) and the period.
 * Year-end closing lines are listed but, as in the report, not counted in `amount`.
 */
export async function costCenterLines(db: Db, q: { from?: string; to?: string; costCenter?: string; account: string; limit: number; offset: number }): Promise<CostCenterLinesJson> {
  const { from, to } = resolveRange(q);
  const refs = await loadRefs(db);
  const account = refs.accountsByCode.get(q.account);
  if (!account) throw notFound(budgetMessages.accountNotFound(q.account), 'account_not_found');
  const center = q.costCenter ? refs.centersByCode.get(q.costCenter) : null;
  if (q.costCenter && !center) throw notFound(budgetMessages.costCenterNotFound(q.costCenter), 'cost_center_not_found');
  const [gl, actuals] = await Promise.all([
    generalLedger(db, { from, to, costCenter: center?.code, account: account.code, limit: q.limit, offset: q.offset }),
    actualsByAccount(db, from, to, center?.code),
  ]);
  return {
    from,
    to,
    costCenter: center ? { code: center.code, name: center.name } : null,
    account: { code: account.code, name: account.name, type: account.type },
    amount: (actuals.get(account.code) ?? 0n).toString(),
    totals: gl.totals,
    lines: gl.lines.map((l) => ({
      date: l.date,
      entryId: l.entryId,
      entryNumber: l.entryNumber,
      kind: l.kind,
      memo: l.memo,
      lineMemo: l.lineMemo,
      debit: l.debit,
      credit: l.credit,
      costCenter: l.costCenter,
      property: l.property,
      source: l.source,
    })),
    page: gl.page,
  };
}
