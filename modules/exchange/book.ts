/**
 * What the exchange shows: the markets, a property's order book with its market data, recent trades and
 * price chart, an investor's orders, trades and holdings (with what they would fetch), and the live quote
 * of an order before it is placed (priced by the same function as the settlement).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { unitsToShareString } from '@modules/properties/contract';
import { big, q } from '@modules/wallet';
import type { BookJson, BookLevelJson, ChartPointJson, ExchangeHoldingJson, MarketJson, OrderInput, OrderJson, PublicTradeJson, QuoteJson, TradeJson } from './contract';
import { exchangeMessages as msg } from './contract';
import { lotsOf } from './lots';
import { TRADABLE_STATUSES, loadMarket, marketOf, valuationPerShare, type Market } from './market';
import { freeUnits, openStatusSql as OPEN } from './orders';
import { proceedsOf, quoteSale } from './pricing';
import { exchangeTerms } from './terms';
import { ORDER_SELECT, TRADE_SELECT, orderJson, tradeJson, type OrderRow, type TradeRow } from './views';

const DEPTH = 15;

async function levels(db: Db, propertyId: string, side: 'buy' | 'sell', today: string): Promise<BookLevelJson[]> {
  const rows = await q<{ price: string; units: string; orders: number }>(
    db,
    sql`select price::text, sum(units - filled_units)::text as units, count(*)::int as orders from exchange_orders
         where property_id = ${propertyId} and side = ${side} and ${OPEN} and (expires_on is null or expires_on >= ${today}::date)
         group by exchange_orders.price order by exchange_orders.price ${side === 'buy' ? sql`desc` : sql`asc`} limit ${DEPTH}`,
  );
  return rows.map((r) => ({ price: big(r.price).toString(), units: big(r.units).toString(), orders: r.orders }));
}

async function stats24h(db: Db, propertyIds: string[]) {
  const rows = await q<{ property_id: string; units: string; value: string; trades: number; last: string | null; day_ago: string | null }>(
    db,
    sql`select p.id as property_id,
               coalesce((select sum(units) from exchange_trades t where t.property_id = p.id and t.venue = 'order' and t.created_at > now() - interval '24 hours'), 0)::text as units,
               coalesce((select sum(gross) from exchange_trades t where t.property_id = p.id and t.venue = 'order' and t.created_at > now() - interval '24 hours'), 0)::text as value,
               (select count(*)::int from exchange_trades t where t.property_id = p.id and t.venue = 'order' and t.created_at > now() - interval '24 hours') as trades,
               (select price::text from exchange_trades t where t.property_id = p.id and t.venue = 'order' order by t.number desc limit 1) as last,
               (select price::text from exchange_trades t where t.property_id = p.id and t.venue = 'order' and t.created_at <= now() - interval '24 hours' order by t.number desc limit 1) as day_ago
          from properties p where p.id in (select (jsonb_array_elements_text(${JSON.stringify(propertyIds)}::jsonb))::uuid)`,
  );
  return new Map(rows.map((r) => [r.property_id, r]));
}

export async function getBook(db: Db, propertyId: string, now = new Date()): Promise<BookJson> {
  const today = todayInDubai(now);
  const m = await loadMarket(db, propertyId);
  const [bids, asks, stats] = await Promise.all([levels(db, m.propertyId, 'buy', today), levels(db, m.propertyId, 'sell', today), stats24h(db, [m.propertyId])]);
  const s = stats.get(m.propertyId);
  return {
    propertyId: m.propertyId,
    bids,
    asks,
    lastPrice: s?.last ? big(s.last).toString() : null,
    bestBid: bids[0]?.price ?? null,
    bestAsk: asks[0]?.price ?? null,
    referencePrice: m.referencePrice.toString(),
    band: { low: m.low.toString(), high: m.high.toString(), bps: m.bandBps },
    volume24h: { units: big(s?.units ?? '0').toString(), value: big(s?.value ?? '0').toString(), trades: s?.trades ?? 0 },
    halted: m.halted || !m.tradable,
  };
}

type MarketRow = Parameters<typeof marketOf>[0] & { image: string | null; held: string | null; reserved: string | null };

export async function listMarkets(db: Db, userId: string | null, now = new Date()): Promise<MarketJson[]> {
  const today = todayInDubai(now);
  const rows = await q<MarketRow>(
    db,
    sql`select p.id, p.reference, p.title, p.city, p.status, p.valuation::text, p.total_shares::text, m.halted, m.halt_reason, m.band_bps,
               (select ph.url from property_photos ph where ph.property_id = p.id order by ph.position limit 1) as image,
               ${userId ? sql`(select units::text from holdings h where h.user_id = ${userId} and h.property_id = p.id)` : sql`null`} as held,
               ${userId ? sql`(select sum(units - filled_units)::text from exchange_orders o where o.user_id = ${userId} and o.property_id = p.id and o.side = 'sell' and o.status in ('open', 'partially_filled'))` : sql`null`} as reserved
          from properties p left join exchange_markets m on m.property_id = p.id
         where p.status in (select jsonb_array_elements_text(${JSON.stringify(TRADABLE_STATUSES)}::jsonb))
         order by p.reference`,
  );
  const stats = await stats24h(db, rows.map((r) => r.id));
  const { bandBps } = await exchangeTerms(db, today);
  const tops = await q<{ property_id: string; bid: string | null; ask: string | null }>(
    db,
    sql`select p.id as property_id,
               (select max(price)::text from exchange_orders o where o.property_id = p.id and o.side = 'buy' and o.status in ('open', 'partially_filled') and (o.expires_on is null or o.expires_on >= ${today}::date)) as bid,
               (select min(price)::text from exchange_orders o where o.property_id = p.id and o.side = 'sell' and o.status in ('open', 'partially_filled') and (o.expires_on is null or o.expires_on >= ${today}::date)) as ask
          from properties p where p.id in (select (jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb))::uuid)`,
  );
  const top = new Map(tops.map((t) => [t.property_id, t]));
  return rows.map((r) => {
    const m = marketOf(r, bandBps);
    const s = stats.get(r.id);
    const last = s?.last ? big(s.last) : null;
    const dayAgo = s?.day_ago ? big(s.day_ago) : null;
    return {
      propertyId: r.id,
      reference: r.reference,
      title: r.title,
      city: (r as unknown as { city: string }).city,
      image: r.image,
      referencePrice: m.referencePrice.toString(),
      lastPrice: last?.toString() ?? null,
      change24hBps: last !== null && dayAgo !== null && dayAgo > 0n ? Number(((last - dayAgo) * 10_000n) / dayAgo) : null,
      bestBid: top.get(r.id)?.bid ?? null,
      bestAsk: top.get(r.id)?.ask ?? null,
      volume24h: { units: big(s?.units ?? '0').toString(), value: big(s?.value ?? '0').toString(), trades: s?.trades ?? 0 },
      halted: m.halted,
      heldUnits: big(r.held ?? '0').toString(),
      reservedUnits: big(r.reserved ?? '0').toString(),
    };
  });
}

export async function publicTrades(db: Db, propertyId: string): Promise<PublicTradeJson[]> {
  const m = await loadMarket(db, propertyId);
  const rows = await q<{ id: string; units: string; price: string; created_at: string | Date }>(
    db,
    sql`select id, units::text, price::text, created_at from exchange_trades where property_id = ${m.propertyId} and venue = 'order' order by number desc limit 50`,
  );
  return rows.map((r) => ({ id: r.id, units: big(r.units).toString(), price: big(r.price).toString(), at: new Date(r.created_at).toISOString() }));
}

export async function priceChart(db: Db, propertyId: string): Promise<ChartPointJson[]> {
  const m = await loadMarket(db, propertyId);
  const [trades, valuations] = await Promise.all([
    q<{ price: string; units: string; created_at: string | Date }>(
      db,
      sql`select price::text, units::text, created_at from exchange_trades where property_id = ${m.propertyId} and venue = 'order' order by number desc limit 500`,
    ),
    q<{ valuation: string; total: string; date: string }>(
      db,
      sql`select v.valuation::text, p.total_shares::text as total, v.valued_on::text as date from property_valuations v join properties p on p.id = v.property_id
           where v.property_id = ${m.propertyId} order by v.valued_on`,
    ),
  ]);
  const points: ChartPointJson[] = [
    ...valuations.map((v) => ({ at: `${String(v.date).slice(0, 10)}T00:00:00.000Z`, price: valuationPerShare(big(v.valuation), big(v.total)).toString(), kind: 'valuation' as const, units: null })),
    ...trades.map((t) => ({ at: new Date(t.created_at).toISOString(), price: big(t.price).toString(), kind: 'trade' as const, units: big(t.units).toString() })),
  ];
  return points.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

export async function myOrders(db: Db, userId: string, status: 'open' | 'all'): Promise<OrderJson[]> {
  const rows = await q<OrderRow>(db, sql`${ORDER_SELECT} where o.user_id = ${userId}${status === 'open' ? sql` and o.status in ('open', 'partially_filled')` : sql``} order by o.number desc limit 200`);
  return rows.map(orderJson);
}

export async function myTrades(db: Db, userId: string): Promise<TradeJson[]> {
  const rows = await q<TradeRow>(db, sql`${TRADE_SELECT} where t.buyer_id = ${userId} or t.seller_id = ${userId} order by t.number desc limit 200`);
  return rows.map((r) => tradeJson(r, userId));
}

/** The pool's price for a share: the latest valuation per share less the pool's discount in force (basis points). */
export const poolPrice = (m: Market, discountBps: number) => (m.referencePrice * BigInt(10_000 - discountBps)) / 10_000n;

export async function myHoldings(db: Db, userId: string, now = new Date()): Promise<ExchangeHoldingJson[]> {
  const today = todayInDubai(now);
  const rows = await q<{ property_id: string }>(db, sql`select property_id from holdings where user_id = ${userId} and units > 0 order by property_id`);
  const terms = await exchangeTerms(db, today);
  const out: ExchangeHoldingJson[] = [];
  for (const r of rows) {
    const m = await loadMarket(db, r.property_id);
    const [{ held, reserved, free }, lots, [cost], [bid]] = await Promise.all([
      freeUnits(db, userId, m.propertyId, false),
      lotsOf(db, userId, m.propertyId),
      q<{ cost: string }>(db, sql`select cost::text from holdings where user_id = ${userId} and property_id = ${m.propertyId}`),
      q<{ price: string | null }>(db, sql`select max(price)::text as price from exchange_orders where property_id = ${m.propertyId} and side = 'buy' and ${OPEN} and user_id <> ${userId}`),
    ]);
    const freeOk = free > 0n && lots.reduce((s, l) => s + l.units, 0n) >= free;
    const bestBid = bid?.price ? big(bid.price) : null;
    out.push({
      propertyId: m.propertyId,
      title: m.title,
      reference: m.reference,
      units: held.toString(),
      reservedUnits: reserved.toString(),
      freeUnits: (free > 0n ? free : 0n).toString(),
      cost: big(cost?.cost ?? '0').toString(),
      bestBid: bestBid?.toString() ?? null,
      bidNet: bestBid !== null && freeOk ? quoteSale({ lots, units: free, price: bestBid, on: today, fees: terms.fees }).net.toString() : null,
      poolNet: m.tradable && freeOk ? quoteSale({ lots, units: free, price: poolPrice(m, terms.poolDiscountBps), on: today, fees: terms.fees }).net.toString() : null,
      tradable: m.tradable && !m.halted,
    });
  }
  return out;
}

/** The live quote of an order: what a sell would fetch net of each fee, what a buy would cost, what would fill now. */
export async function quoteOrder(db: Db, userId: string, input: OrderInput, now = new Date()): Promise<QuoteJson> {
  const today = todayInDubai(now);
  const m = await loadMarket(db, input.propertyId);
  const problems: string[] = [];
  if (!m.tradable) problems.push(msg.notTradable(m.title));
  else if (m.halted) problems.push(msg.halted(m.title));
  if (input.price < m.low || input.price > m.high) problems.push(msg.band(formatAed(m.low), formatAed(m.high)));
  // What would fill at once: the opposite side's best orders within the limit, not the investor's own.
  const buying = input.side === 'buy';
  const opposite = await q<{ price: string; units: string }>(
    db,
    sql`select price::text, (units - filled_units)::text as units from exchange_orders
         where property_id = ${m.propertyId} and side = ${buying ? 'sell' : 'buy'} and ${OPEN} and user_id <> ${userId} and (expires_on is null or expires_on >= ${today}::date)
           and ${buying ? sql`price <= ${input.price.toString()}::bigint` : sql`price >= ${input.price.toString()}::bigint`}
         order by exchange_orders.price ${buying ? sql`asc` : sql`desc`}, exchange_orders.number asc limit 200`,
  );
  let left = input.units;
  let filled = 0n;
  let value = 0n;
  for (const o of opposite) {
    if (left <= 0n) break;
    const u = big(o.units) < left ? big(o.units) : left;
    filled += u;
    value += proceedsOf(u, big(o.price));
    left -= u;
  }
  const gross = proceedsOf(input.units, input.price);
  let fees = { earlyExitFee: 0n, performanceFee: 0n, vat: 0n, net: gross };
  if (!buying) {
    const { free } = await freeUnits(db, userId, m.propertyId, false);
    if (input.units > free) problems.push(msg.notEnoughUnits(unitsToShareString(free > 0n ? free : 0n)));
    else fees = quoteSale({ lots: await lotsOf(db, userId, m.propertyId), units: input.units, price: input.price, on: today, fees: (await exchangeTerms(db, today)).fees });
  } else {
    const [w] = await q<{ available: string }>(db, sql`select (balance - held)::text as available from wallets where user_id = ${userId}`);
    if (big(w?.available ?? '0') < gross) problems.push(msg.insufficientFunds(formatAed(big(w?.available ?? '0'))));
  }
  return {
    side: input.side,
    units: input.units.toString(),
    price: input.price.toString(),
    gross: gross.toString(),
    earlyExitFee: fees.earlyExitFee.toString(),
    performanceFee: fees.performanceFee.toString(),
    vat: fees.vat.toString(),
    net: fees.net.toString(),
    totalCost: buying ? gross.toString() : '0',
    immediateUnits: filled.toString(),
    immediateAveragePrice: filled > 0n ? ((value * 10_000n) / filled).toString() : null,
    problems,
  };
}
