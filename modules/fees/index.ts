/**
 * The platform fee: 0.5% a year of holdings at their latest valuation, accrued daily in micro-fils and charged
 * per run up to a date, plus 5% VAT, from the wallet as far as it goes; the rest stays owed (1310) and is
 * collected first at the next run or netted from a distribution. Contract: ./contract.ts; decision 016.
 */
export { feeRoutes } from './routes';
export { runPlatformFees, checkThrough } from './run';
export { feeSchedulerTick, startFeeScheduler } from './scheduler';
export { seedDemoFees } from './seed';
export { lockOpenCharges, outstandingFees, planCollections, recordCollections, settleOutstanding } from './collect';
export * from './contract';
