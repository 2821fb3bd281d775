/** Ready-made ERP dashboards over the one ledger and the operational tables (issue #15). Contract: ./contract.ts. */
export { erpDashboardRoutes } from './routes';
export { aumDashboard } from './aum';
export { budgetDashboard } from './budget';
export { cashDashboard } from './cash';
export { payrollDashboard } from './payroll';
export { receivablesPayablesDashboard } from './receivables-payables';
export { revenueDashboard } from './revenue';
export * from './contract';
