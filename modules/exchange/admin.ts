/**
 * The operator's exchange (/admin/exchange): markets with their books, halts and bands (audited); every order
 * and trade on the list contract with CSV; fee income by kind and month; and the surveillance list (large
 * orders far from the valuation, rapid order-cancel patterns, trades between the same two people).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@db/client';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { listQuery } from '@modules/platform/list';
import { minorToDecimalString } from '@modules/platform/money';
import { bpsToPercent, unitsToShareString } from '@modules/properties/contract';
import { big, q } from '@modules/wallet';
import { ORDER_SIDES, ORDER_STATUSES, type TradeJson } from './contract';
import type { AdminMarketJson, AdminOrderJson, FeeIncomeJson, SurveillanceJson } from './admin-contract';

export type { AdminMarketJson, AdminOrderJson, FeeIncomeJson, SurveillanceJson };
import { getBook, listMarkets } from './book';
import { UUID, loadMarket } from './market';
import { ORDER_SELECT, TRADE_SELECT, orderJson, tradeJson, type OrderRow, type TradeRow } from './views';


const propertyFilter = z.string().trim().regex(UUID, 'propertyId must be a property id.').optional();
export const adminOrdersQuery = listQuery({
  sort: ['createdAt', 'price', 'units'] as const,
  defaultSort: '-createdAt',
  filters: {
    status: z.enum([...ORDER_STATUSES, 'active'] as [string, ...string[]], { error: `status must be one of ${ORDER_STATUSES.join(', ')} or active.` }).optional(),
    side: z.enum(ORDER_SIDES, { error: 'side must be buy or sell.' }).optional(),
    propertyId: propertyFilter,
  },
});
export const adminTradesQuery = listQuery({
  sort: ['createdAt', 'gross', 'units'] as const,
  defaultSort: '-createdAt',
  filters: {
    venue: z.enum(['order', 'pool', 'exit'], { error: 'venue must be order, pool or exit.' }).optional(),
    propertyId: propertyFilter,
  },
});
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;
export type AdminTradesQuery = z.infer<typeof adminTradesQuery>;

export async function adminMarkets(db: Db): Promise<AdminMarketJson[]> {
  const markets = await listMarkets(db, null);
  const counts = await q<{ property_id: string; n: number }>(db, sql`select property_id, count(*)::int as n from exchange_orders where status in ('open', 'partially_filled') group by property_id`);
  const open = new Map(counts.map((c) => [c.property_id, c.n]));
  return Promise.all(
    markets.map(async ({ heldUnits: _h, reservedUnits: _r, ...m }) => {
      const [book, market] = await Promise.all([getBook(db, m.propertyId), loadMarket(db, m.propertyId)]);
      return { ...m, bandBps: market.bandBps, haltReason: market.haltReason, openOrders: open.get(m.propertyId) ?? 0, bids: book.bids, asks: book.asks };
    }),
  );
}

/** Halts or resumes a market, or changes its band (audited with the reason). */
export async function updateMarket(db: Db, adminId: string, propertyId: string, input: { halted?: boolean; reason?: string; bandBps?: number }): Promise<AdminMarketJson> {
  await db.transaction(async (tx) => {
    const m = await loadMarket(tx, propertyId, { lock: true });
    const halted = input.halted ?? m.halted;
    const bandBps = input.bandBps ?? m.bandBps;
    // A market keeps following the platform's band setting until an admin gives it a band of its own.
    await tx.execute(sql`update exchange_markets set halted = ${halted}, halt_reason = ${halted ? (input.reason ?? m.haltReason ?? null) : null}, band_bps = ${input.bandBps ?? m.ownBandBps}, updated_by = ${adminId}, updated_at = now()
                          where property_id = ${m.propertyId}`);
    const what = [input.halted === undefined ? null : halted ? 'halted' : 'resumed', input.bandBps === undefined ? null : `band set to ±${bpsToPercent(bandBps)}%`].filter(Boolean).join(', ');
    await recordAudit(tx, { actorId: adminId, action: 'exchange.market_updated', entityType: 'property', entityId: m.propertyId, summary: `Trading in ${m.title} ${what}${input.reason ? `: ${input.reason}` : ''}` });
  });
  return (await adminMarkets(db)).find((m) => m.propertyId === propertyId)!;
}

function orderWhere(query: Partial<AdminOrdersQuery>): SQL {
  return (
    allOf(
      searchWhere(query.q, [sql`'ORD-' || lpad(o.number::text, 6, '0')`, sql`p.title`, sql`p.reference`, sql`u.first_name || ' ' || u.last_name`, sql`u.email`, sql`u.unicode`]),
      query.status === 'active' ? sql`o.status in ('open', 'partially_filled')` : query.status ? sql`o.status = ${query.status}` : undefined,
      query.side && sql`o.side = ${query.side}`,
      query.propertyId && sql`o.property_id = ${query.propertyId}`,
    ) ?? sql`true`
  );
}
const ORDER_SORT = { createdAt: sql`o.created_at`, price: sql`o.price`, units: sql`o.units` };
const orderPage = (db: Db, query: AdminOrdersQuery, limit: number, offset: number) =>
  sqlRows<OrderRow>(db, sql`${ORDER_SELECT} where ${orderWhere(query)} order by ${orderSql(query.sort, ORDER_SORT, sql`o.number`)} limit ${limit} offset ${offset}`);
const adminOrderJson = (r: OrderRow): AdminOrderJson => ({ ...orderJson(r), userId: r.user_id, investor: r.investor ?? '' });

export async function adminOrders(db: Db, query: AdminOrdersQuery) {
  const [items, [t]] = await Promise.all([
    orderPage(db, query, query.limit, query.offset),
    sqlRows<{ n: number }>(db, sql`select count(*)::int as n from exchange_orders o join properties p on p.id = o.property_id join users u on u.id = o.user_id where ${orderWhere(query)}`),
  ]);
  return { items: items.map(adminOrderJson), total: t?.n ?? 0 };
}
export const ORDERS_CSV_HEADER = ['Order', 'Investor', 'Property', 'Side', 'Shares', 'Filled shares', 'Price per share (AED)', 'Status', 'Time in force', 'Expires', 'Placed at', 'Closed at', 'Cancel reason'] as const;
export async function* orderCsvRows(db: Db, query: AdminOrdersQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => orderPage(db, query, limit, offset))) {
    const o = adminOrderJson(r);
    yield [o.reference, o.investor, o.propertyTitle, o.side, unitsToShareString(big(o.units)), unitsToShareString(big(o.filledUnits)), minorToDecimalString(big(o.price)), o.status, o.timeInForce, o.expiresOn, o.createdAt, o.closedAt, o.cancelReason];
  }
}

function tradeWhere(query: Partial<AdminTradesQuery>): SQL {
  return (
    allOf(
      searchWhere(query.q, [sql`'TRD-' || lpad(t.number::text, 6, '0')`, sql`p.title`, sql`p.reference`, sql`b.first_name || ' ' || b.last_name`, sql`s.first_name || ' ' || s.last_name`, sql`b.unicode`, sql`s.unicode`, sql`t.journal_reference`]),
      query.venue && sql`t.venue = ${query.venue}`,
      query.propertyId && sql`t.property_id = ${query.propertyId}`,
    ) ?? sql`true`
  );
}
const TRADE_SORT = { createdAt: sql`t.created_at`, gross: sql`t.gross`, units: sql`t.units` };
const tradePage = (db: Db, query: AdminTradesQuery, limit: number, offset: number) =>
  sqlRows<TradeRow>(db, sql`${TRADE_SELECT} where ${tradeWhere(query)} order by ${orderSql(query.sort, TRADE_SORT, sql`t.number`)} limit ${limit} offset ${offset}`);

export async function adminTrades(db: Db, query: AdminTradesQuery): Promise<{ items: TradeJson[]; total: number }> {
  const [items, [t]] = await Promise.all([
    tradePage(db, query, query.limit, query.offset),
    sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from exchange_trades t join properties p on p.id = t.property_id left join users b on b.id = t.buyer_id join users s on s.id = t.seller_id where ${tradeWhere(query)}`,
    ),
  ]);
  return { items: items.map((r) => tradeJson(r, null)), total: t?.n ?? 0 };
}
export const TRADES_CSV_HEADER = ['Trade', 'Property', 'Buyer', 'Seller', 'Shares', 'Price per share (AED)', 'Gross (AED)', 'Early exit fee (AED)', 'Performance fee (AED)', 'VAT (AED)', 'Net to seller (AED)', 'Journal entry', 'At'] as const;
export async function* tradeCsvRows(db: Db, query: AdminTradesQuery): AsyncGenerator<CsvCell[]> {
  const aed = (s: string) => minorToDecimalString(big(s));
  for await (const r of allRows((limit, offset) => tradePage(db, query, limit, offset))) {
    const t = tradeJson(r, null);
    yield [t.reference, t.propertyTitle, t.buyer ?? 'Outside buyer (exit)', t.seller, unitsToShareString(big(t.units)), aed(t.price), aed(t.gross), aed(t.earlyExitFee), aed(t.performanceFee), aed(t.vat), aed(t.net), t.journalReference, t.at];
  }
}

export async function feeIncome(db: Db): Promise<FeeIncomeJson> {
  const rows = await q<{ month: string; early: string; perf: string; vat: string }>(
    db,
    sql`select to_char(created_at + interval '4 hours', 'YYYY-MM') as month, sum(early_exit_fee)::text as early, sum(performance_fee)::text as perf, sum(vat)::text as vat
          from exchange_trades group by 1 order by 1 desc limit 24`,
  );
  const sum = (k: 'early' | 'perf' | 'vat') => rows.reduce((s, r) => s + big(r[k]), 0n).toString();
  return { earlyExit: sum('early'), performance: sum('perf'), vat: sum('vat'), byMonth: rows.reverse().map((r) => ({ month: r.month, earlyExit: big(r.early).toString(), performance: big(r.perf).toString(), vat: big(r.vat).toString() })) };
}

/**
 * What an operator should look at: open orders worth over AED 100,000 priced more than 15% from the latest
 * valuation; investors who cancelled 5 or more orders in the last hour; two investors trading with each other
 * 3 or more times in 7 days.
 */
export async function surveillance(db: Db): Promise<SurveillanceJson[]> {
  const name = (alias: string) => sql.raw(`${alias}.first_name || ' ' || ${alias}.last_name || ' (' || ${alias}.unicode || ')'`);
  const [far, cancels, pairs] = await Promise.all([
    q<{ property_id: string; title: string; investor: string; reference: string; price: string; units: string; reference_price: string; created_at: string | Date }>(
      db,
      sql`select o.property_id, p.title, ${name('u')} as investor, 'ORD-' || lpad(o.number::text, 6, '0') as reference, o.price::text, (o.units - o.filled_units)::text as units,
                 (p.valuation * 10000 / p.total_shares)::text as reference_price, o.created_at
            from exchange_orders o join properties p on p.id = o.property_id join users u on u.id = o.user_id
           where o.status in ('open', 'partially_filled') and (o.units - o.filled_units) * o.price / 10000 > 10000000
             and abs(o.price - p.valuation * 10000 / p.total_shares) * 100 > 15 * (p.valuation * 10000 / p.total_shares)
           order by o.created_at desc limit 50`,
    ),
    q<{ property_id: string; title: string; investor: string; n: number; at: string | Date }>(
      db,
      sql`select o.property_id, p.title, ${name('u')} as investor, count(*)::int as n, max(o.closed_at) as at
            from exchange_orders o join properties p on p.id = o.property_id join users u on u.id = o.user_id
           where o.status = 'cancelled' and o.cancelled_by = o.user_id and o.closed_at > now() - interval '1 hour'
           group by o.property_id, p.title, u.first_name, u.last_name, u.unicode having count(*) >= 5 order by n desc limit 50`,
    ),
    q<{ property_id: string; title: string; a: string; b: string; n: number; at: string | Date }>(
      db,
      sql`select t.property_id, p.title, ${name('x')} as a, ${name('y')} as b, count(*)::int as n, max(t.created_at) as at
            from exchange_trades t join properties p on p.id = t.property_id join users x on x.id = least(t.buyer_id, t.seller_id) join users y on y.id = greatest(t.buyer_id, t.seller_id)
           where t.venue = 'order' and t.created_at > now() - interval '7 days'
           group by t.property_id, p.title, x.first_name, x.last_name, x.unicode, y.first_name, y.last_name, y.unicode having count(*) >= 3 order by n desc limit 50`,
    ),
  ]);
  const iso = (v: string | Date) => new Date(v).toISOString();
  const aed = (s: string) => `AED ${minorToDecimalString(big(s))}`;
  return [
    ...far.map((f) => ({
      kind: 'far_from_valuation' as const,
      severity: 'high' as const,
      propertyId: f.property_id,
      title: f.title,
      investors: [f.investor],
      detail: `${f.reference}: ${unitsToShareString(big(f.units))} shares at ${aed(f.price)} a share, against a valuation of ${aed(f.reference_price)} a share.`,
      at: iso(f.created_at),
    })),
    ...cancels.map((c) => ({ kind: 'rapid_cancels' as const, severity: 'medium' as const, propertyId: c.property_id, title: c.title, investors: [c.investor], detail: `${c.n} orders cancelled within the last hour.`, at: iso(c.at) })),
    ...pairs.map((p) => ({ kind: 'same_parties' as const, severity: p.n >= 5 ? ('high' as const) : ('medium' as const), propertyId: p.property_id, title: p.title, investors: [p.a, p.b], detail: `${p.n} trades between the same two investors in 7 days.`, at: iso(p.at) })),
  ].sort((a, b) => (a.at < b.at ? 1 : -1));
}
