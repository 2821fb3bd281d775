/**
 * Budgets and cost-center reporting. Budget amounts live in budget_lines (one row per account, cost
 * center and month); actuals always come from the ledger's reports, which read its precomputed
 * balances — so a budget-against-actual figure and the profit and loss for the same period and cost
 * center agree to the fil, and drill-downs use the ledger's own general ledger.
 *
 * One use case per file: budget-crud.ts, budget-grid.ts, copy-from-last-year.ts, import-csv.ts,
 * versus-actual.ts and cost-center-report.ts, on budget-refs.ts. This file keeps the surface routes import.
 */
export { createBudget, deleteBudget, getBudget, listBudgets, updateBudget } from './budget-crud';
export { budgetGrid, saveCells, type CellError } from './budget-grid';
export { copyFromLastYear } from './copy-from-last-year';
export { importCsv } from './import-csv';
export { versusActual } from './versus-actual';
export { costCenterLines, costCenterReport } from './cost-center-report';
