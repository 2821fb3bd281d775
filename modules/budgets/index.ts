/**
 * Budgets per account, cost center and month, one named budget per fiscal year, with budget against
 * actual and cost-center reports read from the ledger's precomputed balances.
 */
export { budgetRoutes } from './routes';
export { budgetGrid, copyFromLastYear, costCenterLines, costCenterReport, importCsv, listBudgets, saveCells, versusActual } from './service';
export * from './contract';
