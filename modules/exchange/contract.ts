/**
 * The exchange: a continuous limit order book per funded property, the liquidity pool and property exits.
 * Browser-safe (the /exchange screen, the property page and /admin/exchange import it). Money in JSON is
 * STRINGS of integer fils of AED; prices are fils PER WHOLE SHARE; units are share units (SHARE_SCALE =
 * 10,000 per share), as strings. Input accepts JSON numbers or digit strings for units and prices.
 *
 * Investor API (signed-in user; visitors 401)
 *   GET    /api/exchange/markets                    → { items: MarketJson[] } every property open for trading
 *   GET    /api/exchange/properties/:id/book        → BookJson  { bids, asks, lastPrice } (+ depth and market data)
 *   GET    /api/exchange/properties/:id/trades      → { items: PublicTradeJson[] } recent trades
 *   GET    /api/exchange/properties/:id/chart       → { points: ChartPointJson[] } trades and valuations over time
 *   POST   /api/exchange/quote                      orderInput → QuoteJson (what the order would cost or fetch now)
 *   POST   /api/exchange/orders                     orderInput (+ Idempotency-Key) → 201 OrderResultJson
 *   GET    /api/exchange/orders?status=open|all     → { items: OrderJson[] } mine, newest first
 *   DELETE /api/exchange/orders/:id                 → OrderJson (cancelled; its hold released)
 *   GET    /api/exchange/trades                     → { items: TradeJson[] } mine
 *   GET    /api/exchange/holdings                   → { items: ExchangeHoldingJson[] } what each holding would fetch
 *   POST   /api/exchange/pool/quote                 poolSellInput → PoolSaleJson (not executed)
 *   POST   /api/exchange/pool/sell                  poolSellInput → 201 PoolSaleJson (executed)
 *
 * Admin API
 *   GET    /api/admin/exchange/markets              → { items: AdminMarketJson[] }
 *   PUT    /api/admin/exchange/markets/:propertyId  { halted?, reason?, bandBps? } → AdminMarketJson
 *   GET    /api/admin/exchange/orders               list contract → { items: AdminOrderJson[], total } (/export CSV)
 *   DELETE /api/admin/exchange/orders/:id           { reason } → AdminOrderJson (audited)
 *   GET    /api/admin/exchange/trades               list contract → { items: TradeJson[], total } (/export CSV)
 *   GET    /api/admin/exchange/pool                 → PoolJson (budget, cash spent, holdings, P&L)
 *   PUT    /api/admin/exchange/pool                 { totalBudget, perPropertyBudget } → PoolJson
 *   POST   /api/admin/exchange/pool/orders          poolResaleInput → 201 OrderResultJson (the pool resells on the book)
 *   GET    /api/admin/exchange/fees                 → FeeIncomeJson (by kind)
 *   GET    /api/admin/exchange/surveillance         → { items: SurveillanceJson[] }
 *   POST   /api/admin/exchange/exits                exitInput → ExitJson (settles the sale of a property)
 *   GET    /api/admin/exchange/exits/:id            → ExitJson
 */
import { z } from 'zod';
import { SHARE_SCALE } from '@modules/properties/contract';

/** Default price band around the latest valuation per share: ±20%. */
export const MAX_BAND_BPS = 10_000;
/** The largest order: 10 million shares in units, and a share price up to AED 10 million. */
export const MAX_ORDER_UNITS = 10_000_000n * SHARE_SCALE;
export const MAX_PRICE_FILS = 1_000_000_000n;
/** Good-till-date orders expire at the end of their day (Dubai), at most a year ahead. */
export const MAX_GTD_DAYS = 365;

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_STATUSES = ['open', 'partially_filled', 'filled', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusLabels: Record<OrderStatus, string> = {
  open: 'Open',
  partially_filled: 'Partly filled',
  filled: 'Filled',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const exchangeMessages = {
  units: 'Units must be a whole number of share units (10,000 units make one share), more than 0.',
  unitsTooMany: 'That is more units than one order can take.',
  price: 'The price must be a whole number of fils per share, more than 0.',
  priceTooHigh: 'That price is higher than any order can take.',
  side: 'side must be buy or sell.',
  timeInForce: 'timeInForce must be gtc (good till cancelled) or gtd (good till date).',
  expiresOn: `A good-till-date order needs an expiry date from tomorrow to ${MAX_GTD_DAYS} days ahead, as YYYY-MM-DD.`,
  expiresOnlyGtd: 'Only a good-till-date order takes an expiry date.',
  notTradable: (title: string) => `${title} is not open for trading on the exchange.`,
  halted: (title: string) => `Trading in ${title} is halted for now. Open orders stay as they are; new orders are refused until trading resumes.`,
  band: (low: string, high: string) => `The price must be within the band around the latest valuation: from ${low} to ${high} a share.`,
  notEnoughUnits: (free: string) => `You can sell at most ${free} shares of this property: the rest are already in open sell orders or not yours.`,
  insufficientFunds: (available: string) => `This order needs more than your wallet has available (${available}). Add money or lower the units or the price.`,
  kycRequired: 'Complete identity verification before trading.',
  orderNotFound: 'There is no open order with that id.',
  orderClosed: 'That order is no longer open.',
  propertyNotFound: 'There is no such property.',
  cancelReason: 'Say why the order is cancelled (at most 300 characters).',
  poolEmpty: 'The liquidity pool has no budget left for this property right now. Sell on the exchange instead, or try again later.',
  poolBudget: (left: string) => `The liquidity pool can take at most ${left} of this property right now.`,
} as const;

export const exchangeErrorCodes = {
  notTradable: 'not_tradable',
  halted: 'trading_halted',
  band: 'price_out_of_band',
  notEnoughUnits: 'not_enough_units',
  insufficientFunds: 'insufficient_funds',
  kycRequired: 'kyc_required',
  orderNotFound: 'order_not_found',
  orderClosed: 'order_closed',
  propertyNotFound: 'property_not_found',
  poolBudget: 'pool_budget_exhausted',
} as const;

// ── Input ──────────────────────────────────────────────────────────────────────────────────────

/** A positive integer given as a JSON number (safe) or a digit string, up to `max`. */
export function bigIntInput(message: string, max: bigint, tooBig: string) {
  return z.union([z.number(), z.string()], { error: message }).transform((raw, ctx): bigint => {
    let v: bigint;
    if (typeof raw === 'number') {
      if (!Number.isSafeInteger(raw)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      v = BigInt(raw);
    } else {
      if (!/^\d{1,20}$/.test(raw.trim())) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      v = BigInt(raw.trim());
    }
    if (v <= 0n) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (v > max) {
      ctx.addIssue({ code: 'custom', message: tooBig });
      return z.NEVER;
    }
    return v;
  });
}
export const unitsInput = bigIntInput(exchangeMessages.units, MAX_ORDER_UNITS, exchangeMessages.unitsTooMany);
export const priceInput = bigIntInput(exchangeMessages.price, MAX_PRICE_FILS, exchangeMessages.priceTooHigh);
const propertyId = z.string({ error: 'propertyId is required.' }).trim().min(1, 'propertyId is required.').max(100, 'That is not a property id.');

export const orderInput = z
  .object({
    propertyId,
    side: z.enum(ORDER_SIDES, { error: exchangeMessages.side }),
    units: unitsInput,
    price: priceInput,
    timeInForce: z.enum(['gtc', 'gtd'], { error: exchangeMessages.timeInForce }).default('gtc'),
    expiresOn: z.string({ error: exchangeMessages.expiresOn }).regex(/^\d{4}-\d{2}-\d{2}$/, exchangeMessages.expiresOn).optional(),
  })
  .superRefine((o, ctx) => {
    if (o.timeInForce === 'gtd' && !o.expiresOn) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: exchangeMessages.expiresOn });
    if (o.timeInForce === 'gtc' && o.expiresOn) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: exchangeMessages.expiresOnlyGtd });
  });
export type OrderInput = z.infer<typeof orderInput>;

export const myOrdersQuery = z.object({ status: z.enum(['open', 'all'], { error: 'status must be open or all.' }).default('open') });
export const poolSellInput = z.object({ propertyId, units: unitsInput });
/** The operator offers units the liquidity pool holds on the exchange (a good-till-cancelled sell order). */
export const poolResaleInput = z.object({ propertyId, units: unitsInput, price: priceInput });
export const marketUpdateInput = z
  .object({
    halted: z.boolean({ error: 'halted must be true or false.' }).optional(),
    reason: z.string().trim().max(300, 'The reason is at most 300 characters.').optional(),
    bandBps: z.number({ error: `bandBps must be a whole number of basis points from 100 to ${MAX_BAND_BPS}.` }).int().min(100).max(MAX_BAND_BPS).optional(),
  })
  .refine((m) => m.halted !== undefined || m.bandBps !== undefined, 'Send halted or bandBps.');
export const adminCancelInput = z.object({ reason: z.string({ error: exchangeMessages.cancelReason }).trim().min(3, exchangeMessages.cancelReason).max(300, exchangeMessages.cancelReason) });

// ── What the API answers ───────────────────────────────────────────────────────────────────────

export type BookLevelJson = { price: string; units: string; orders: number };
export type BookJson = {
  propertyId: string;
  bids: BookLevelJson[];
  asks: BookLevelJson[];
  lastPrice: string | null;
  bestBid: string | null;
  bestAsk: string | null;
  /** Latest valuation per share, and the band an order's price must fall within. */
  referencePrice: string;
  band: { low: string; high: string; bps: number };
  volume24h: { units: string; value: string; trades: number };
  halted: boolean;
};
export type MarketJson = {
  propertyId: string;
  reference: string;
  title: string;
  city: string;
  image: string | null;
  referencePrice: string;
  lastPrice: string | null;
  change24hBps: number | null;
  bestBid: string | null;
  bestAsk: string | null;
  volume24h: { units: string; value: string; trades: number };
  halted: boolean;
  /** What the signed-in investor holds, and has in open sell orders. */
  heldUnits: string;
  reservedUnits: string;
};
export type FillJson = { tradeId: string; units: string; price: string; gross: string; at: string };
export type OrderJson = {
  id: string;
  reference: string;
  propertyId: string;
  propertyTitle: string;
  side: OrderSide;
  units: string;
  filledUnits: string;
  remainingUnits: string;
  price: string;
  timeInForce: 'gtc' | 'gtd';
  expiresOn: string | null;
  status: OrderStatus;
  /** Cash held for a buy order's remainder (fils). */
  heldCash: string;
  createdAt: string;
  closedAt: string | null;
  cancelReason: string | null;
};
export type OrderResultJson = OrderJson & { fills: FillJson[] };
export type QuoteJson = {
  side: OrderSide;
  units: string;
  price: string;
  gross: string;
  earlyExitFee: string;
  performanceFee: string;
  vat: string;
  net: string;
  /** Buy: what the wallet pays at most (units × limit price). */
  totalCost: string;
  /** How much would fill now against the book, and at what average price. */
  immediateUnits: string;
  immediateAveragePrice: string | null;
  problems: string[];
};
export type TradeJson = {
  id: string;
  reference: string;
  propertyId: string;
  propertyTitle: string;
  side: OrderSide | null;
  units: string;
  price: string;
  gross: string;
  earlyExitFee: string;
  performanceFee: string;
  vat: string;
  net: string;
  buyer: string | null;
  seller: string | null;
  journalReference: string | null;
  at: string;
};
export type PublicTradeJson = { id: string; units: string; price: string; at: string };
export type ChartPointJson = { at: string; price: string; kind: 'trade' | 'valuation'; units: string | null };
export type ExchangeHoldingJson = {
  propertyId: string;
  title: string;
  reference: string;
  units: string;
  reservedUnits: string;
  freeUnits: string;
  cost: string;
  /** What the free units would fetch: at the best bid now (and net of fees), and from the pool. */
  bestBid: string | null;
  bidNet: string | null;
  poolNet: string | null;
  tradable: boolean;
};
export type PoolSaleJson = {
  id: string | null;
  propertyId: string;
  units: string;
  price: string;
  gross: string;
  earlyExitFee: string;
  performanceFee: string;
  vat: string;
  net: string;
  discountBps: number;
  budgetLeft: string;
  journalReference: string | null;
  at: string;
};
