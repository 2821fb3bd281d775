/**
 * Placing and cancelling orders. An order is placed and matched in one transaction under its market's row
 * lock (so orders on one property match one at a time, price then time): a sell order reserves units of the
 * seller's holding (Σ open sell remainders ≤ units held), a buy order holds its cost in the wallet; then it
 * fills against the best opposite orders at their prices, never against the investor's own orders, and what
 * is left rests in the book until filled, cancelled or expired.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { isKycVerified } from '@modules/auth/contract';
import { assertNotSuspended } from '@modules/auth/suspension';
import { notifyMany, type NotifyInput } from '@modules/notifications';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { unitsToShareString } from '@modules/properties/contract';
import { big, loadUser, q, withIdempotency } from '@modules/wallet';
import { MAX_GTD_DAYS, exchangeErrorCodes as codes, exchangeMessages as msg, type OrderInput, type OrderJson, type OrderResultJson } from './contract';
import { UUID, assertOrderable, loadMarket, type Market } from './market';
import { holdFor, settleFill, type Fill, type OpenOrder } from './settle';
import { ORDER_SELECT, orderJson, type OrderRow } from './views';

const price = (fils: bigint) => formatAed(fils);
const OPEN = sql`status in ('open', 'partially_filled')`;

/** Units of `userId`'s holding in `propertyId` not reserved by their open sell orders (the holding row locked). */
export async function freeUnits(tx: Db, userId: string, propertyId: string, lock = true): Promise<{ held: bigint; reserved: bigint; free: bigint }> {
  const [h] = await q<{ units: string }>(tx, sql`select units::text from holdings where user_id = ${userId} and property_id = ${propertyId}${lock ? sql` for update` : sql``}`);
  const [r] = await q<{ reserved: string }>(
    tx,
    sql`select coalesce(sum(units - filled_units), 0)::text as reserved from exchange_orders where user_id = ${userId} and property_id = ${propertyId} and side = 'sell' and ${OPEN}`,
  );
  const held = big(h?.units ?? '0');
  const reserved = big(r.reserved);
  return { held, reserved, free: held - reserved };
}

async function releaseHold(tx: Db, userId: string, amount: bigint) {
  if (amount > 0n) await tx.execute(sql`update wallets set held = held - ${amount.toString()}::bigint, updated_at = now() where user_id = ${userId}`);
}

/** Closes expired orders of a property (its market locked), releasing each buy order's hold. */
async function sweepExpired(tx: Db, propertyId: string, today: string): Promise<number> {
  const stale = await q<{ id: string; user_id: string; held_cash: string }>(
    tx,
    sql`select id, user_id, held_cash::text from exchange_orders where property_id = ${propertyId} and ${OPEN} and time_in_force = 'gtd' and expires_on < ${today}::date for update`,
  );
  for (const s of stale) {
    await releaseHold(tx, s.user_id, big(s.held_cash));
    await tx.execute(sql`update exchange_orders set status = 'expired', closed_at = clock_timestamp(), held_cash = 0 where id = ${s.id}`);
  }
  return stale.length;
}

/** Expires every good-till-date order whose day has passed (the server runs it with the other schedules). */
export async function expireOrders(db: Db, today = todayInDubai()): Promise<number> {
  const props = await q<{ property_id: string }>(
    db,
    sql`select distinct property_id from exchange_orders where ${OPEN} and time_in_force = 'gtd' and expires_on < ${today}::date`,
  );
  let n = 0;
  for (const p of props) {
    n += await db.transaction(async (tx) => {
      await loadMarket(tx, p.property_id, { lock: true });
      return sweepExpired(tx, p.property_id, today);
    });
  }
  return n;
}

type Placed = { order: OpenOrder; fills: Fill[]; market: Market };

async function placeIn(tx: Db, userId: string, input: OrderInput, now: Date): Promise<Placed> {
  const today = todayInDubai(now);
  const market = await loadMarket(tx, input.propertyId, { lock: true });
  assertOrderable(market, input.price, price);
  if (input.timeInForce === 'gtd' && (!input.expiresOn || input.expiresOn <= today || input.expiresOn > addDays(today, MAX_GTD_DAYS))) {
    throw new AppError(400, 'validation_failed', msg.expiresOn, { fields: { expiresOn: msg.expiresOn } });
  }
  await sweepExpired(tx, market.propertyId, today);

  let hold = 0n;
  if (input.side === 'sell') {
    const { free } = await freeUnits(tx, userId, market.propertyId);
    if (input.units > free) throw new AppError(422, codes.notEnoughUnits, msg.notEnoughUnits(unitsToShareString(free > 0n ? free : 0n)), { freeUnits: (free > 0n ? free : 0n).toString() });
  } else {
    hold = holdFor(input.units, input.price);
    if (hold <= 0n) throw new AppError(422, 'order_too_small', 'That order is worth less than one fil. Buy more units or at a higher price.');
    const held = await q(tx, sql`update wallets set held = held + ${hold.toString()}::bigint, updated_at = now() where user_id = ${userId} and balance - held >= ${hold.toString()}::bigint returning 1`);
    if (!held.length) {
      const [w] = await q<{ available: string }>(tx, sql`select (balance - held)::text as available from wallets where user_id = ${userId}`);
      throw new AppError(422, codes.insufficientFunds, msg.insufficientFunds(formatAed(big(w?.available ?? '0'))), { available: w?.available ?? '0', required: hold.toString(), link: '/wallet' });
    }
  }

  const [row] = await q<{ id: string }>(
    tx,
    sql`insert into exchange_orders (user_id, property_id, side, units, price, time_in_force, expires_on, held_cash)
        values (${userId}, ${market.propertyId}, ${input.side}, ${input.units.toString()}::bigint, ${input.price.toString()}::bigint, ${input.timeInForce},
                ${input.expiresOn ?? null}::date, ${hold.toString()}::bigint)
        returning id`,
  );
  const order: OpenOrder = { id: row.id, userId, side: input.side, units: input.units, filledUnits: 0n, price: input.price, heldCash: hold };

  // Match against the best opposite orders, price then time, skipping the investor's own.
  const fills: Fill[] = [];
  const buying = input.side === 'buy';
  while (order.filledUnits < order.units) {
    const candidates = await q<{ id: string; user_id: string; units: string; filled_units: string; price: string; held_cash: string }>(
      tx,
      sql`select id, user_id, units::text, filled_units::text, price::text, held_cash::text from exchange_orders
           where property_id = ${market.propertyId} and side = ${buying ? 'sell' : 'buy'} and ${OPEN} and user_id <> ${userId}
             and ${buying ? sql`price <= ${input.price.toString()}::bigint` : sql`price >= ${input.price.toString()}::bigint`}
           order by exchange_orders.price ${buying ? sql`asc` : sql`desc`}, exchange_orders.number asc
           limit 20 for update`,
    );
    if (candidates.length === 0) break;
    for (const c of candidates) {
      const other: OpenOrder = { id: c.id, userId: c.user_id, side: buying ? 'sell' : 'buy', units: big(c.units), filledUnits: big(c.filled_units), price: big(c.price), heldCash: big(c.held_cash) };
      const want = order.units - order.filledUnits;
      const have = other.units - other.filledUnits;
      const units = want < have ? want : have;
      const [buy, sell] = buying ? [order, other] : [other, order];
      fills.push(await settleFill(tx, market, buy, sell, units, other.price, today));
      if (order.filledUnits === order.units) break;
    }
  }
  return { order, fills, market };
}

function noticesFor(p: Placed): NotifyInput[] {
  const out: NotifyInput[] = [];
  for (const f of p.fills) {
    const shares = unitsToShareString(f.units);
    out.push({ userId: f.buyerId, kind: 'exchange', title: `Bought ${shares} shares of ${p.market.title}`, body: `${f.reference}: ${shares} shares at ${price(f.price)} a share, ${formatAed(f.gross)} from your wallet.`, link: '/exchange' });
    out.push({ userId: f.sellerId, kind: 'exchange', title: `Sold ${shares} shares of ${p.market.title}`, body: `${f.reference}: ${shares} shares at ${price(f.price)} a share; ${formatAed(f.net)} added to your wallet after fees.`, link: '/exchange' });
  }
  return out;
}

const retryable = (err: unknown) => {
  const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === '40P01' || code === '40001';
};

export type PlaceOptions = { idempotencyKey?: string | null; now?: Date; log?: Pick<Console, 'error'> };

/** Places an order for a verified investor; answers the order with the fills it made at once. */
export async function placeOrder(db: Db, userId: string, input: OrderInput, opts: PlaceOptions = {}): Promise<{ replay: boolean; body: OrderResultJson }> {
  const now = opts.now ?? new Date();
  const user = await loadUser(db, userId);
  if (!user) throw notFound('There is no such investor.', 'user_not_found');
  await assertNotSuspended(db, userId);
  if (!isKycVerified(user.kycStatus)) throw new AppError(422, codes.kycRequired, msg.kycRequired, { link: '/kyc' });
  for (let attempt = 0; ; attempt++) {
    try {
      let placed: Placed | null = null;
      const result = await withIdempotency(db, { userId, key: opts.idempotencyKey ?? null, scope: 'exchange.order', body: input }, async (tx) => {
        const run = async (t: Db) => {
          placed = await placeIn(t, userId, input, now);
          return { ...(await orderById(t, placed.order.id)), fills: placed.fills.map((f) => ({ tradeId: f.tradeId, units: f.units.toString(), price: f.price.toString(), gross: f.gross.toString(), at: f.at })) };
        };
        return opts.idempotencyKey ? run(tx) : tx.transaction(run);
      });
      if (placed) await notifyMany(db, noticesFor(placed)).catch((err: unknown) => (opts.log ?? console).error('[exchange] notifications', err));
      return result;
    } catch (err) {
      if (attempt < 3 && retryable(err)) continue;
      throw err;
    }
  }
}

/**
 * The matching core alone: one order placed and matched in a transaction, without HTTP, idempotency, the
 * KYC check or notifications (the exchange benchmark measures the API against it).
 */
export function placeCore(db: Db, userId: string, input: OrderInput, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => (await placeIn(tx, userId, input, now)).fills.length);
}

export async function orderById(db: Db, id: string): Promise<OrderJson> {
  const [row] = await q<OrderRow>(db, sql`${ORDER_SELECT} where o.id = ${id}`);
  if (!row) throw notFound(msg.orderNotFound, codes.orderNotFound);
  return orderJson(row);
}

/**
 * Cancels an open order (its owner, or an admin with a reason, audited): a buy order's hold is released,
 * a sell order's units are free again.
 */
export async function cancelOrder(db: Db, actor: { userId: string; admin?: boolean }, id: string, reason?: string): Promise<OrderJson> {
  if (!UUID.test(id)) throw notFound(msg.orderNotFound, codes.orderNotFound);
  return db.transaction(async (tx) => {
    const [o] = await q<{ id: string; user_id: string; property_id: string; status: string; held_cash: string; side: string; number: string }>(
      tx,
      sql`select id, user_id, property_id, status, held_cash::text, side, number::text from exchange_orders where id = ${id}${actor.admin ? sql`` : sql` and user_id = ${actor.userId}`} for update`,
    );
    if (!o) throw notFound(msg.orderNotFound, codes.orderNotFound);
    if (o.status !== 'open' && o.status !== 'partially_filled') throw new AppError(409, codes.orderClosed, msg.orderClosed);
    await releaseHold(tx, o.user_id, big(o.held_cash));
    await tx.execute(sql`update exchange_orders set status = 'cancelled', held_cash = 0, closed_at = clock_timestamp(), cancel_reason = ${reason ?? null}, cancelled_by = ${actor.userId} where id = ${id}`);
    if (actor.admin) {
      await recordAudit(tx, { actorId: actor.userId, action: 'exchange.order_cancelled', entityType: 'exchange_order', entityId: id, summary: `Order ORD-${o.number.padStart(6, '0')} cancelled by an administrator: ${reason}` });
    }
    return orderById(tx, id);
  });
}

export const openStatusSql = OPEN;
