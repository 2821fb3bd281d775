/**
 * What the admin exchange API answers (the routes are listed in ./contract.ts), beside the investor
 * shapes there. Browser-safe types only: /admin/exchange (modules/exchange/ui/admin) imports them, the
 * server's admin routes return them. Money is STRINGS of integer fils of AED; prices are fils PER WHOLE
 * SHARE; units are share units (SHARE_SCALE = 10,000 per share), as strings.
 */
import type { BookLevelJson, MarketJson, OrderJson } from './contract';

/** GET /api/admin/exchange/markets → { items }; PUT /api/admin/exchange/markets/:propertyId answers one. */
export type AdminMarketJson = Omit<MarketJson, 'heldUnits' | 'reservedUnits'> & {
  /** The price band around the latest valuation, in basis points (2,000 = ±20%). */
  bandBps: number;
  /** Why trading was halted (the admin's words), while it is. */
  haltReason: string | null;
  openOrders: number;
  /** The live book: best price first, with the units and number of orders at each price. */
  bids: BookLevelJson[];
  asks: BookLevelJson[];
};

/** One order of GET /api/admin/exchange/orders (and DELETE /api/admin/exchange/orders/:id). */
export type AdminOrderJson = OrderJson & {
  userId: string;
  /** "First Last (MZ-UNICODE)". */
  investor: string;
};

/** The pool's budget and position (GET and PUT /api/admin/exchange/pool) and a settled property exit
 * (POST /api/admin/exchange/exits, GET /api/admin/exchange/exits/:id) are typed beside their inputs. */
export type { ExitItemJson, ExitJson, PoolHoldingJson, PoolJson } from './pool-contract';

/** GET /api/admin/exchange/fees: fee income by kind, in all and by month (Dubai). */
export type FeeIncomeJson = {
  earlyExit: string;
  performance: string;
  vat: string;
  byMonth: FeeMonthJson[];
};
export type FeeMonthJson = { month: string /* YYYY-MM */; earlyExit: string; performance: string; vat: string };

export const SURVEILLANCE_KINDS = ['far_from_valuation', 'rapid_cancels', 'same_parties'] as const;
export type SurveillanceKind = (typeof SURVEILLANCE_KINDS)[number];
export const surveillanceKindLabels: Record<SurveillanceKind, string> = {
  far_from_valuation: 'Large order far from valuation',
  rapid_cancels: 'Rapid orders and cancels',
  same_parties: 'Trades between the same people',
};

/** One alert of GET /api/admin/exchange/surveillance → { items }. */
export type SurveillanceJson = {
  kind: SurveillanceKind;
  severity: 'high' | 'medium';
  propertyId: string;
  title: string;
  /** "First Last (MZ-UNICODE)" of each investor involved. */
  investors: string[];
  detail: string;
  at: string;
};
