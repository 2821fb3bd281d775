/**
 * Statements and returns: the investor's returns per holding and for the portfolio (XIRR included), the
 * income calendar (distributions paid and expected), and monthly and annual account statements as JSON and
 * PDF. Reads the documents of the other modules (purchases, trades, distributions, platform fees, the
 * wallet) and writes nothing. Contract: ./contract.ts.
 */
export { statementRoutes } from './routes';
export { investorReturns } from './returns';
export { incomeCalendar } from './calendar';
export { buildStatement } from './statement';
export { statementPdf } from './pdf';
export * from './contract';
