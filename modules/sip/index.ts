/**
 * Systematic investment plans: monthly plans from AED 200 that collect from the wallet on their day and
 * invest across properties (automated, following the investor's profile, or a manual split), run exactly
 * once per plan and month by the scheduler or an admin. Contract: ./contract.ts; decision record 014.
 */
export { sipRoutes } from './routes';
export { runCollections, countDue } from './run';
export { schedulerTick, startSipScheduler } from './scheduler';
export { createPlan } from './plans';
export * from './contract';
