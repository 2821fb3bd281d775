/** Rows of orders and trades as the API answers them (contract.ts). */
import { sql } from 'drizzle-orm';
import { big } from '@modules/wallet';
import type { OrderJson, OrderSide, OrderStatus, TradeJson } from './contract';
import { tradeReference } from './settle';

export const orderReference = (n: string | bigint) => `ORD-${String(n).padStart(6, '0')}`;
const iso = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString());

export type OrderRow = {
  id: string;
  number: string;
  user_id: string;
  property_id: string;
  title: string;
  side: OrderSide;
  units: string;
  filled_units: string;
  price: string;
  time_in_force: 'gtc' | 'gtd';
  expires_on: string | null;
  status: OrderStatus;
  held_cash: string;
  cancel_reason: string | null;
  created_at: string | Date;
  closed_at: string | Date | null;
  investor?: string;
};

export const ORDER_SELECT = sql`select o.id, o.number::text, o.user_id, o.property_id, p.title, o.side, o.units::text, o.filled_units::text, o.price::text,
  o.time_in_force, o.expires_on::text, o.status, o.held_cash::text, o.cancel_reason, o.created_at, o.closed_at,
  u.first_name || ' ' || u.last_name || ' (' || u.unicode || ')' as investor
  from exchange_orders o join properties p on p.id = o.property_id join users u on u.id = o.user_id`;

export function orderJson(r: OrderRow): OrderJson {
  const units = big(r.units);
  const filled = big(r.filled_units);
  return {
    id: r.id,
    reference: orderReference(r.number),
    propertyId: r.property_id,
    propertyTitle: r.title,
    side: r.side,
    units: units.toString(),
    filledUnits: filled.toString(),
    remainingUnits: (r.status === 'open' || r.status === 'partially_filled' ? units - filled : 0n).toString(),
    price: big(r.price).toString(),
    timeInForce: r.time_in_force,
    expiresOn: r.expires_on ? String(r.expires_on).slice(0, 10) : null,
    status: r.status,
    heldCash: big(r.held_cash).toString(),
    createdAt: iso(r.created_at)!,
    closedAt: iso(r.closed_at),
    cancelReason: r.cancel_reason,
  };
}

export type TradeRow = {
  id: string;
  number: string;
  property_id: string;
  title: string;
  buyer_id: string | null;
  seller_id: string;
  buyer: string | null;
  seller: string | null;
  units: string;
  price: string;
  gross: string;
  early_exit_fee: string;
  performance_fee: string;
  vat: string;
  net: string;
  journal_reference: string | null;
  created_at: string | Date;
};

export const TRADE_SELECT = sql`select t.id, t.number::text, t.property_id, p.title, t.buyer_id, t.seller_id,
  b.first_name || ' ' || b.last_name || ' (' || b.unicode || ')' as buyer, s.first_name || ' ' || s.last_name || ' (' || s.unicode || ')' as seller,
  t.units::text, t.price::text, t.gross::text, t.early_exit_fee::text, t.performance_fee::text, t.vat::text, t.net::text, t.journal_reference, t.created_at
  from exchange_trades t join properties p on p.id = t.property_id left join users b on b.id = t.buyer_id join users s on s.id = t.seller_id`;

/** A trade as one party sees it (their side; the counterparty is not named), or as an admin sees it (`viewer` null). */
export function tradeJson(r: TradeRow, viewer: string | null): TradeJson {
  const side: OrderSide | null = viewer === null ? null : r.buyer_id === viewer ? 'buy' : 'sell';
  return {
    id: r.id,
    reference: tradeReference(r.number),
    propertyId: r.property_id,
    propertyTitle: r.title,
    side,
    units: big(r.units).toString(),
    price: big(r.price).toString(),
    gross: big(r.gross).toString(),
    earlyExitFee: side === 'buy' ? '0' : big(r.early_exit_fee).toString(),
    performanceFee: side === 'buy' ? '0' : big(r.performance_fee).toString(),
    vat: side === 'buy' ? '0' : big(r.vat).toString(),
    net: side === 'buy' ? big(r.gross).toString() : big(r.net).toString(),
    buyer: viewer === null ? r.buyer : null,
    seller: viewer === null ? r.seller : null,
    journalReference: r.journal_reference,
    at: iso(r.created_at)!,
  };
}
