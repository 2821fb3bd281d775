/**
 * Settles one fill between a buy order and a sell order, inside the matching transaction: the seller's lots
 * priced by the one pricing function, a trade row, units from the seller's holding to the buyer's, the
 * buyer's held cash released and the gross debited, the seller credited net, and one journal entry (buyer
 * gross; seller net; fees and VAT). Nothing here commits: the caller's transaction does, or rolls it all back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { investorAccountCodes, postMany } from '@modules/ledger';
import { unitsToShareString } from '@modules/properties/contract';
import { moveWallet, q } from '@modules/wallet';
import { lotsOf } from './lots';
import type { Market } from './market';
import { poolResalePosting, tradePosting } from './postings';
import { POOL_EMAIL } from './pool-setup';
import { proceedsOf, quoteSale } from './pricing';
import { exchangeTerms } from './terms';

export type OpenOrder = { id: string; userId: string; side: 'buy' | 'sell'; units: bigint; filledUnits: bigint; price: bigint; heldCash: bigint };
export type Party = { userId: string; unicode: string; name: string; pool: boolean };
export type Fill = { tradeId: string; reference: string; units: bigint; price: bigint; gross: bigint; net: bigint; buyerId: string; sellerId: string; at: string };

export const tradeReference = (n: string | bigint) => `TRD-${String(n).padStart(6, '0')}`;

async function parties(tx: Db, ids: string[]): Promise<Map<string, Party>> {
  const rows = await q<{ id: string; unicode: string; first_name: string; last_name: string; email: string }>(
    tx,
    sql`select id, unicode, first_name, last_name, email from users where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`,
  );
  return new Map(rows.map((r) => [r.id, { userId: r.id, unicode: r.unicode, name: `${r.first_name} ${r.last_name}`.trim(), pool: r.email.toLowerCase() === POOL_EMAIL }]));
}

/** What a buy order holds for `remaining` units at its limit (what the wallet could owe at most). */
export const holdFor = (remaining: bigint, limit: bigint) => proceedsOf(remaining, limit);

/**
 * Fills `units` between `buy` and `sell` at `price` (the resting order's). Updates both orders' filled units,
 * status and held cash, and returns the fill.
 */
export async function settleFill(tx: Db, market: Market, buy: OpenOrder, sell: OpenOrder, units: bigint, price: bigint, today: string): Promise<Fill> {
  const who = await parties(tx, [buy.userId, sell.userId]);
  const buyer = who.get(buy.userId)!;
  const seller = who.get(sell.userId)!;
  const { fees } = await exchangeTerms(tx, today);
  const priced = quoteSale({ lots: await lotsOf(tx, sell.userId, market.propertyId), units, price, on: today, fees });
  // The liquidity pool reselling pays no fees to the operator it belongs to.
  const quote = seller.pool ? { ...priced, earlyExitFee: 0n, performanceFee: 0n, vat: 0n, fees: 0n, net: priced.gross } : priced;
  const gross = quote.gross;

  const [trade] = await q<{ id: string; number: string; created_at: string | Date }>(
    tx,
    sql`insert into exchange_trades (property_id, buy_order_id, sell_order_id, buyer_id, seller_id, venue, units, price, gross, cost, early_exit_fee, performance_fee, vat, net)
        values (${market.propertyId}, ${buy.id}, ${sell.id}, ${buy.userId}, ${sell.userId}, 'order', ${units.toString()}::bigint, ${price.toString()}::bigint,
                ${gross.toString()}::bigint, ${quote.cost.toString()}::bigint, ${quote.earlyExitFee.toString()}::bigint, ${quote.performanceFee.toString()}::bigint,
                ${quote.vat.toString()}::bigint, ${quote.net.toString()}::bigint)
        returning id, number::text, created_at`,
  );
  const reference = tradeReference(trade.number);
  const shares = unitsToShareString(units);

  // Units change hands; the property's shares sold do not change.
  const moved = await q(
    tx,
    sql`update holdings set units = units - ${units.toString()}::bigint, cost = greatest(cost - ${quote.cost.toString()}::bigint, 0), updated_at = now()
         where user_id = ${sell.userId} and property_id = ${market.propertyId} and units >= ${units.toString()}::bigint returning 1`,
  );
  if (!moved.length) throw new Error(`settleFill: the seller of ${reference} no longer holds the units`);
  await tx.execute(sql`insert into holdings (user_id, property_id, units, cost) values (${buy.userId}, ${market.propertyId}, ${units.toString()}::bigint, ${gross.toString()}::bigint)
                       on conflict (user_id, property_id) do update set units = holdings.units + excluded.units, cost = holdings.cost + excluded.cost, updated_at = now()`);

  // The buyer's hold shrinks to what the rest of the order could still cost; the gross is paid from it.
  const buyRemaining = buy.units - buy.filledUnits - units;
  const newHold = holdFor(buyRemaining, buy.price);
  const release = buy.heldCash - newHold;
  if (release > 0n) await tx.execute(sql`update wallets set held = held - ${release.toString()}::bigint, updated_at = now() where user_id = ${buy.userId}`);

  if (gross > 0n) {
    const codes = await investorAccountCodes(tx, seller.pool ? [buyer] : [buyer, seller]);
    const [posted] = await postMany(tx, [
      seller.pool
        ? poolResalePosting({ id: trade.id, reference, propertyReference: market.reference, shares, gross, cost: quote.cost, buyerUnicode: buyer.unicode }, { buyerAccount: codes.get(buyer.userId)!, date: today })
        : tradePosting(
            { id: trade.id, reference, propertyReference: market.reference, shares, gross, earlyExitFee: quote.earlyExitFee, performanceFee: quote.performanceFee, vat: quote.vat, net: quote.net, buyerUnicode: buyer.unicode, sellerUnicode: seller.unicode },
            { buyerAccount: codes.get(buyer.userId)!, sellerAccount: codes.get(seller.userId)!, date: today },
          ),
    ]);
    const journalReference = posted.reference;
    await moveWallet(tx, { userId: buy.userId, delta: -gross, kind: 'trade', description: `Bought ${shares} shares of ${market.title} (${reference})`, ref: { type: 'exchange_trade', id: trade.id }, journalReference });
    // The pool's proceeds are the operator's (the entry moved them out of client money), not a wallet's.
    if (quote.net > 0n && !seller.pool) {
      await moveWallet(tx, {
        userId: sell.userId,
        delta: quote.net,
        kind: 'trade',
        description: `Sold ${shares} shares of ${market.title} (${reference}), net of fees`,
        ref: { type: 'exchange_trade', id: trade.id },
        journalReference,
      });
    }
    await tx.execute(sql`update exchange_trades set journal_reference = ${journalReference} where id = ${trade.id}`);
  }

  for (const o of [buy, sell]) {
    const filled = o.filledUnits + units;
    const hold = o.side === 'buy' ? newHold : 0n;
    await tx.execute(sql`update exchange_orders set filled_units = ${filled.toString()}::bigint, held_cash = ${hold.toString()}::bigint,
                                status = ${filled === o.units ? 'filled' : 'partially_filled'}, closed_at = ${filled === o.units ? sql`clock_timestamp()` : sql`null`}
                          where id = ${o.id}`);
    o.filledUnits = filled;
    o.heldCash = hold;
  }
  const at = trade.created_at instanceof Date ? trade.created_at.toISOString() : new Date(trade.created_at).toISOString();
  return { tradeId: trade.id, reference, units, price, gross, net: quote.net, buyerId: buy.userId, sellerId: sell.userId, at };
}

