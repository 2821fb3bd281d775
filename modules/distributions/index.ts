/**
 * Rental distributions: the property books (rent and costs as journal entries on the property's dimension),
 * the property P&L read from them, distribution runs per property and month (preview, create, approve, pay to
 * wallets with fee netting, reinvestment) and the investor's payments. Contract: ./contract.ts; decision 016.
 */
export { distributionRoutes } from './routes';
export { recordEntry, reverseRecord, setMonth, setReserve } from './books';
export { propertyPnl, periodFigures } from './pnl';
export { previewRun, createRun } from './runs';
export { approveRun, cancelRun } from './run-actions';
export { payRun } from './pay';
export { reinvestRun } from './reinvest';
export { getRun, listRuns } from './run-read';
export { distributionSummary } from './summary';
export { listInvestorDistributions, getPreference, setPreference } from './investor';
export { allocateLargestRemainder } from './allocate';
export { seedDemoDistributions } from './seed';
export * from './contract';
