/**
 * Investing: purchases of fractional shares from the wallet (atomic with the ledger and the property's
 * shares), 48-hour cancellation, portfolio and dashboard, and the admin investment, investor and
 * reconciliation views. Contract: ./contract.ts.
 */
export { investingRoutes } from './routes';
export { recordPurchases, type BatchPurchase } from './batch';
export { cancelInvestment, checkoutQuote, getDashboard, getPortfolio, invest, reconciliation, retailLimitFor } from './service';
export * from './contract';
export { holdersAt, unitChanges, type UnitChange } from './unit-history';
