/** The budget CSV import, with a dry run for the screen's preview. */
import type { Db } from '@db/client';
import { badRequest } from '@api/errors';
import { budgetMessages, budgetName, parseBudgetCsv, yearMonths, type CsvRowError, type ImportCsvJson, type ImportPreviewRow } from './contract';
import { loadRefs, accountProblem, costCenterProblem } from './budget-refs';
import { budgetJson, findBudget, ensureBudget } from './budget-crud';
import { writeCells, sumOf, type Cell } from './budget-grid';

/**
 * Imports a budget CSV (format in contract.ts): every row is checked — format, then that the account
 * is an active income or expense posting account and the cost center exists — and any error answers
 * 400 with the list of row errors and nothing saved. Otherwise each row's twelve months are written in
 * one transaction. `dryRun` answers the same without saving (the screen's preview).
 */
export async function importCsv(db: Db, year: number, input: { csv: string; dryRun: boolean }, userId: string | null): Promise<ImportCsvJson> {
  const parsed = parseBudgetCsv(input.csv);
  const refs = await loadRefs(db);
  const errors: CsvRowError[] = [...parsed.errors];
  for (const r of parsed.rows) {
    const nonZero = r.amounts.some((a) => a !== 0n) ? 1n : 0n;
    const a = accountProblem(refs, r.accountCode, nonZero);
    if (a) errors.push({ line: r.line, column: 'account_code', message: a });
    const c = costCenterProblem(refs, r.costCenter, nonZero);
    if (c) errors.push({ line: r.line, column: 'cost_center_code', message: c });
  }
  if (errors.length) {
    errors.sort((x, y) => x.line - y.line);
    throw badRequest(budgetMessages.csvInvalid(errors.length), 'invalid_csv', { errors: errors.slice(0, 500) });
  }
  const months = yearMonths(year);
  const preview: ImportPreviewRow[] = parsed.rows.map((r) => ({
    line: r.line,
    accountCode: r.accountCode,
    accountName: refs.accountsByCode.get(r.accountCode)!.name,
    costCenter: r.costCenter,
    amounts: r.amounts.map(String),
    total: sumOf(r.amounts).toString(),
  }));
  const rowsText = `${parsed.rows.length} ${parsed.rows.length === 1 ? 'row' : 'rows'}`;
  if (input.dryRun) {
    const existing = await findBudget(db, year);
    return { success: true, dryRun: true, message: `${rowsText} ready to import into ${existing?.name ?? budgetName(year)}.`, rows: preview, imported: 0, budget: existing ? await budgetJson(db, existing, refs) : null };
  }
  return db.transaction(async (tx) => {
    const budget = await ensureBudget(tx, year, userId);
    const cells: Cell[] = parsed.rows.flatMap((r) =>
      r.amounts.map((amount, m) => ({
        accountId: refs.accountsByCode.get(r.accountCode)!.id,
        costCenterId: r.costCenter ? refs.centersByCode.get(r.costCenter)!.id : null,
        month: `${months[m]}-01`,
        amount,
      })),
    );
    await writeCells(tx, budget.id, cells, userId);
    const fresh = (await findBudget(tx, year))!;
    return { success: true, dryRun: false, message: `Imported ${rowsText} into ${fresh.name}.`, rows: preview, imported: parsed.rows.length, budget: await budgetJson(tx, fresh, refs) };
  });
}
