/**
 * The exchange: a continuous limit order book per funded property (price then time, partial fills, no
 * self-trades, holds on units and cash), priced by one function (./pricing.ts), settled atomically through
 * the ledger. Contract: ./contract.ts.
 */
export { exchangeRoutes } from './routes';
export { placeOrder, cancelOrder, expireOrders, freeUnits } from './orders';
export { quoteSale, proceedsOf, type Lot, type SaleQuote } from './pricing';
export { lotsOf, remainingLots } from './lots';
export * from './contract';
