/**
 * The investing service, one use case per file: checkout-quote.ts, invest.ts (the purchase),
 * cancel-investment.ts, investment-json.ts (reading investments), portfolio.ts (portfolio and dashboard),
 * retail-limit.ts and reconciliation.ts. This file keeps the surface routes and tests import.
 */
export { cancelInvestment } from './cancel-investment';
export { checkoutQuote } from './checkout-quote';
export { invest, type InvestOptions, type InvestResult } from './invest';
export { getInvestment, listInvestments, receiptNumber } from './investment-json';
export { getDashboard, getPortfolio } from './portfolio';
export { reconciliation } from './reconciliation';
export { retailLimitFor } from './retail-limit';
