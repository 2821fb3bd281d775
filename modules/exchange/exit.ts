/**
 * Property exit: the sale of a funded property, settled to every holder in ONE transaction. Each holder's
 * gross is their pro-rata share of the net proceeds (largest remainder, so the shares add up to the fil);
 * the pricing function takes the performance fee on the profit and VAT (no early exit fee at an exit); each
 * wallet is credited; holdings close; open orders are cancelled (buy holds released); the property is exited.
 *
 * Σ holdings = shares sold: shares_sold keeps what the property raised (its page and history still show it),
 * while its holdings go to zero; reconciliation (modules/investing/reconciliation.ts) expects zero units held
 * for a property with a settled exit (a row in exchange_exits) and shares_sold for every other property.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { ensurePropertyAccount, investorAccountCodes, post, postMany } from '@modules/ledger';
import { notifyMany, type NotifyInput } from '@modules/notifications';
import { formatAed } from '@modules/platform/money';
import { formatDate, todayInDubai } from '@modules/platform/dates';
import { SHARE_SCALE, unitsToShareString } from '@modules/properties/contract';
import { big, moveWallet, q } from '@modules/wallet';
import { exitMessages, type ExitInput, type ExitJson } from './pool-contract';
import { getExit } from './exit-read';
import { UUID, exitReference, poolUserId } from './pool-setup';
import { exitHolderPosting, exitPoolPosting, exitSalePosting } from './postings';
import { quoteSale, type SaleQuote } from './pricing';
import { exchangeTerms } from './terms';

export type Holder = { userId: string; units: bigint; cost: bigint };

/**
 * Splits `total` fils across holders pro rata to their units: each gets the floor of their exact share, and
 * the fils left over go one each to the largest remainders (ties: more units first, then the earlier user id).
 * Σ result = total exactly.
 */
export function splitProRata<T extends { userId: string; units: bigint }>(total: bigint, holders: T[]): bigint[] {
  const units = holders.reduce((s, h) => s + h.units, 0n);
  if (units <= 0n) throw new RangeError('splitProRata: no units');
  const shares = holders.map((h, i) => ({ i, floor: (total * h.units) / units, rem: (total * h.units) % units, h }));
  let left = total - shares.reduce((s, x) => s + x.floor, 0n);
  const order = [...shares].sort((a, b) => (a.rem !== b.rem ? (a.rem > b.rem ? -1 : 1) : a.h.units !== b.h.units ? (a.h.units > b.h.units ? -1 : 1) : a.h.userId < b.h.userId ? -1 : 1));
  const out = shares.map((s) => s.floor);
  for (const s of order) {
    if (left <= 0n) break;
    out[s.i] += 1n;
    left -= 1n;
  }
  return out;
}

type HolderRow = { user_id: string; units: string; cost: string; unicode: string; first_name: string; last_name: string };
type PropertyRow = { id: string; reference: string; title: string; status: string };

/** Cancels every open order of the property (reason 'Property sold'); buy orders release their held cash. */
async function cancelOpenOrders(tx: Db, propertyId: string): Promise<{ userId: string; side: string; units: bigint; filled: bigint }[]> {
  const orders = await q<{ id: string; user_id: string; side: string; units: string; filled_units: string; held_cash: string }>(
    tx,
    sql`select id, user_id, side, units::text, filled_units::text, held_cash::text from exchange_orders
         where property_id = ${propertyId} and status in ('open', 'partially_filled') order by id for update`,
  );
  if (orders.length === 0) return [];
  const holds = new Map<string, bigint>();
  for (const o of orders) if (o.side === 'buy' && big(o.held_cash) > 0n) holds.set(o.user_id, (holds.get(o.user_id) ?? 0n) + big(o.held_cash));
  if (holds.size) {
    const released = await q<{ user_id: string }>(
      tx,
      sql`update wallets w set held = w.held - x.h, updated_at = now()
            from jsonb_to_recordset(${JSON.stringify([...holds].map(([u, h]) => ({ u, h: h.toString() })))}::jsonb) as x(u uuid, h bigint)
           where w.user_id = x.u and w.held >= x.h returning w.user_id`,
    );
    if (released.length !== holds.size) throw new AppError(409, 'hold_missing', 'A buy order holds more cash than its wallet does. Check the wallet before settling this exit.');
  }
  await tx.execute(
    sql`update exchange_orders set status = 'cancelled', cancel_reason = 'Property sold', closed_at = now(), held_cash = 0
         where id in (select (jsonb_array_elements_text(${JSON.stringify(orders.map((o) => o.id))}::jsonb))::uuid)`,
  );
  return orders.map((o) => ({ userId: o.user_id, side: o.side, units: big(o.units), filled: big(o.filled_units) }));
}

/** Records the sale of a funded property and pays every holder (admin). 409 when already exited. */
export async function exitProperty(db: Db, adminId: string, input: ExitInput): Promise<ExitJson> {
  if (input.saleDate > todayInDubai()) throw new AppError(400, 'validation_failed', exitMessages.saleDate, { fields: { saleDate: exitMessages.saleDate } });
  if (!UUID.test(input.propertyId)) throw notFound(exitMessages.propertyNotFound, 'property_not_found');
  const poolId = await poolUserId(db);
  const [found] = await q<PropertyRow>(db, sql`select id, reference, title, status from properties where id = ${input.propertyId}`);
  if (!found) throw notFound(exitMessages.propertyNotFound, 'property_not_found');
  const propertyAccount = (await ensurePropertyAccount(db, { propertyId: found.id, name: found.title, reference: found.reference })).code;

  const id = crypto.randomUUID();
  const notices: NotifyInput[] = [];
  await db.transaction(async (tx) => {
    // The property first (a sale to the pool reads it FOR SHARE and waits), then its holdings.
    const [property] = await q<PropertyRow>(tx, sql`select id, reference, title, status from properties where id = ${found.id} for update`);
    const [settled] = await q(tx, sql`select 1 as one from exchange_exits where property_id = ${property.id}`);
    if (settled || property.status === 'exited') throw new AppError(409, 'property_already_exited', exitMessages.alreadyExited(property.title));
    if (property.status !== 'funded') throw new AppError(422, 'property_not_funded', exitMessages.notFunded(property.title, property.status));
    const rows = await q<HolderRow>(
      tx,
      sql`select h.user_id, h.units::text, h.cost::text, u.unicode, u.first_name, u.last_name
            from holdings h join users u on u.id = h.user_id
           where h.property_id = ${property.id} and h.units > 0 order by h.user_id for update of h`,
    );
    if (rows.length === 0) throw new AppError(422, 'property_not_funded', exitMessages.noHolders(property.title));
    const cancelled = await cancelOpenOrders(tx, property.id);

    const net = input.salePrice - input.sellingCosts;
    const holders = rows.map((r) => ({ userId: r.user_id, units: big(r.units), cost: big(r.cost), unicode: r.unicode, name: `${r.first_name} ${r.last_name}`.trim() }));
    const totalUnits = holders.reduce((s, h) => s + h.units, 0n);
    const grosses = splitProRata(net, holders);
    const price = (net * SHARE_SCALE) / totalUnits;
    const today = todayInDubai();
    const [{ number }] = await q<{ number: string }>(tx, sql`select nextval(pg_get_serial_sequence('exchange_exits', 'number'))::text as number`);
    const reference = exitReference(number);

    // Every remaining unit is sold, so the cost of the lots left is the holding's cost: one lot, no early exit fee.
    // The performance fee is the rate in force on the day the exit is settled (when it is charged).
    const { fees } = await exchangeTerms(tx, today);
    const quotes: SaleQuote[] = holders.map((h, i) =>
      h.userId === poolId
        ? { ...quoteSale({ lots: [{ acquiredOn: input.saleDate, units: h.units, cost: h.cost }], units: h.units, price, on: input.saleDate, fees, gross: grosses[i], earlyExit: false }), performanceFee: 0n, vat: 0n, fees: 0n, net: grosses[i] }
        : quoteSale({ lots: [{ acquiredOn: input.saleDate, units: h.units, cost: h.cost }], units: h.units, price, on: input.saleDate, fees, gross: grosses[i], earlyExit: false }),
    );
    const [carried] = await q<{ c: string }>(
      tx,
      sql`select coalesce(sum(b.credit - b.debit), 0)::text as c from ledger_balances b join ledger_accounts a on a.id = b.account_id where a.code = ${propertyAccount}`,
    );
    const sale = exitSalePosting(
      { id, reference, propertyReference: property.reference, title: property.title, netProceeds: net, carried: big(carried.c), saleDate: input.saleDate },
      { propertyAccount, date: today, authorId: adminId },
    );
    const saleEntry = sale ? await post(tx, sale) : null;

    const tradeIds = holders.map(() => crypto.randomUUID());
    const investors = holders.filter((h) => h.userId !== poolId);
    const codes = await investorAccountCodes(tx, investors.map((h) => ({ userId: h.userId, unicode: h.unicode, name: h.name })));
    const entries = holders.map((h, i) => {
      const shares = unitsToShareString(h.units);
      const qt = quotes[i];
      return h.userId === poolId
        ? exitPoolPosting({ id: tradeIds[i], exitReference: reference, propertyReference: property.reference, shares, gross: qt.gross, cost: h.cost }, { propertyAccount, date: today, authorId: adminId })
        : exitHolderPosting(
            { id: tradeIds[i], reference, exitReference: reference, propertyReference: property.reference, shares, gross: qt.gross, earlyExitFee: 0n, performanceFee: qt.performanceFee, vat: qt.vat, net: qt.net, buyerUnicode: '', sellerUnicode: h.unicode },
            { propertyAccount, sellerAccount: codes.get(h.userId)!, date: today, authorId: adminId },
          );
    });
    // A holder whose share rounds to nothing has no entry to post (and no journal reference).
    const postable = entries.map((e, i) => ({ e, i })).filter((x) => x.e.lines.length >= 2);
    const posted = await postMany(tx, postable.map((x) => x.e));
    const refs: (string | null)[] = holders.map(() => null);
    postable.forEach((x, k) => (refs[x.i] = posted[k].reference));

    await tx.execute(
      sql`insert into exchange_exits (id, number, property_id, sale_price, selling_costs, sale_date, net_proceeds, journal_reference, created_by)
          values (${id}, ${number}::bigint, ${property.id}, ${input.salePrice.toString()}::bigint, ${input.sellingCosts.toString()}::bigint, ${input.saleDate}::date,
                  ${net.toString()}::bigint, ${saleEntry?.reference ?? refs.find((r) => r !== null) ?? null}, ${adminId})`,
    );
    const tradeRows = holders.map((h, i) => ({
      id: tradeIds[i],
      s: h.userId,
      u: h.units.toString(),
      g: quotes[i].gross.toString(),
      c: h.cost.toString(),
      f: quotes[i].performanceFee.toString(),
      v: quotes[i].vat.toString(),
      n: quotes[i].net.toString(),
      j: refs[i],
    }));
    await tx.execute(
      sql`insert into exchange_trades (id, property_id, buyer_id, seller_id, venue, units, price, gross, cost, early_exit_fee, performance_fee, vat, net, journal_reference)
          select x.id, ${property.id}, null, x.s, 'exit', x.u, ${price.toString()}::bigint, x.g, x.c, 0, x.f, x.v, x.n, x.j
            from jsonb_to_recordset(${JSON.stringify(tradeRows)}::jsonb) as x(id uuid, s uuid, u bigint, g bigint, c bigint, f bigint, v bigint, n bigint, j text)`,
    );
    await tx.execute(
      sql`insert into exchange_exit_items (exit_id, user_id, trade_id, units, gross, cost, performance_fee, vat, net)
          select ${id}, x.s, x.id, x.u, x.g, x.c, x.f, x.v, x.n
            from jsonb_to_recordset(${JSON.stringify(tradeRows)}::jsonb) as x(id uuid, s uuid, u bigint, g bigint, c bigint, f bigint, v bigint, n bigint)`,
    );
    await tx.execute(sql`update holdings set units = 0, cost = 0, updated_at = now() where property_id = ${property.id} and (units <> 0 or cost <> 0)`);
    await tx.execute(sql`update properties set status = 'exited', updated_at = now() where id = ${property.id}`);

    const statement = `/api/exchange/exits/${id}/statement`;
    for (const [i, h] of holders.entries()) {
      if (h.userId === poolId) continue;
      const qt = quotes[i];
      const shares = unitsToShareString(h.units);
      if (qt.net > 0n) {
        await moveWallet(tx, {
          userId: h.userId,
          delta: qt.net,
          kind: 'sale',
          description: `${property.title} sold: proceeds of ${shares} shares (${reference})`,
          ref: { type: 'property_exit', id },
          journalReference: refs[i],
        });
      }
      notices.push({
        userId: h.userId,
        kind: 'exchange',
        title: `${property.title} has been sold`,
        body: `${property.title} was sold on ${formatDate(input.saleDate)}. Your ${shares} shares fetched ${formatAed(qt.gross)}; after the performance fee and VAT (${formatAed(qt.fees)}), ${formatAed(qt.net)} is in your wallet. Your settlement statement is ready.`,
        link: statement,
      });
    }
    const holderIds = new Set(holders.map((h) => h.userId));
    for (const userId of new Set(cancelled.filter((o) => !holderIds.has(o.userId)).map((o) => o.userId))) {
      notices.push({
        userId,
        kind: 'exchange',
        title: 'Order cancelled: property sold',
        body: `${property.title} has been sold, so your open orders on it were cancelled and any cash they held is available in your wallet again.`,
        link: '/exchange',
      });
    }
    await notifyMany(tx, notices);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'exchange.exit',
      entityType: 'property',
      entityId: property.id,
      summary: `${property.title} sold for ${formatAed(input.salePrice)} (costs ${formatAed(input.sellingCosts)}); ${holders.length} holders paid, ${cancelled.length} open orders cancelled (${reference})`,
      details: { exitId: id, salePrice: input.salePrice, sellingCosts: input.sellingCosts, saleDate: input.saleDate, netProceeds: net },
    });
  });
  return getExit(db, id);
}
