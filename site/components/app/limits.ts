/**
 * Investor-facing labels for limits and charges. The figures themselves (minimums, the retail limit, each
 * payment method's transaction charge) are settings served by GET /api/settings/public, never copied here.
 */
export { bpsLabel } from '@modules/wallet/contract';
