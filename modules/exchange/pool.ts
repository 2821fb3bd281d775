/**
 * The liquidity pool: an investor sells units of a funded property instantly, at the latest valuation less
 * its discount (a setting, 2% by default), with the same exit fees as any sale (quoteSale). The operator sets a budget in total and per property;
 * what the pool has invested (the cost of what it holds) counts against it, so a resale or an exit frees it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { isKycVerified } from '@modules/auth/contract';
import { assertNotSuspended } from '@modules/auth/suspension';
import { recordAudit } from '@modules/audit';
import { ensureInvestorAccount, post } from '@modules/ledger';
import { notify } from '@modules/notifications';
import { formatAed } from '@modules/platform/money';
import { todayInDubai } from '@modules/platform/dates';
import { unitsToShareString } from '@modules/properties/contract';
import { big, fullName, loadUser, moveWallet, q } from '@modules/wallet';
import { exchangeErrorCodes as codes, exchangeMessages as msg, type PoolSaleJson } from './contract';
import { lotsOf } from './lots';
import type { PoolBudgetInput, PoolJson } from './pool-contract';
import { UUID, poolPrice, poolUserId, tradeReference } from './pool-setup';
import { poolSalePosting } from './postings';
import { quoteSale, type SaleQuote } from './pricing';
import { exchangeTerms } from './terms';
import { settingsOn, updateSetting } from '@modules/settings';

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

type PropertyRow = { id: string; reference: string; title: string; status: string; valuation: string; total_shares: string };

async function findProperty(tx: Db, id: string, lock: '' | 'share' = ''): Promise<PropertyRow> {
  if (!UUID.test(id)) throw notFound(msg.propertyNotFound, codes.propertyNotFound);
  const [p] = await q<PropertyRow>(
    tx,
    sql`select id, reference, title, status, valuation::text, total_shares::text from properties where id = ${id} ${lock ? sql`for share` : sql``}`,
  );
  if (!p) throw notFound(msg.propertyNotFound, codes.propertyNotFound);
  return p;
}

/**
 * The pool's budget left for one property: the budgets in force today (settings, effective-dated) less what it has
 * invested, in total and there. The pool's row is locked first, so concurrent sales to the pool spend it one by one.
 */
async function budgetOf(tx: Db, poolId: string, propertyId: string, lock: boolean) {
  if (lock) await tx.execute(sql`select id from exchange_pool where id = 1 for update`);
  const b = await settingsOn(tx);
  const [s] = await q<{ spent: string; here: string }>(
    tx,
    sql`select coalesce(sum(cost), 0)::text as spent, coalesce(sum(cost) filter (where property_id = ${propertyId}), 0)::text as here from holdings where user_id = ${poolId}`,
  );
  const totalLeft = b.poolTotalBudget - big(s.spent);
  const propertyLeft = b.poolPerPropertyBudget - big(s.here);
  const left = totalLeft < propertyLeft ? totalLeft : propertyLeft;
  return left > 0n ? left : 0n;
}

/** Units of the holding not reserved by the investor's open sell orders on the property. */
async function freeUnits(tx: Db, userId: string, propertyId: string, lock: boolean) {
  const [h] = await q<{ units: string; cost: string }>(
    tx,
    sql`select units::text, cost::text from holdings where user_id = ${userId} and property_id = ${propertyId} ${lock ? sql`for update` : sql``}`,
  );
  const [r] = await q<{ reserved: string }>(
    tx,
    sql`select coalesce(sum(units - filled_units), 0)::text as reserved from exchange_orders
         where user_id = ${userId} and property_id = ${propertyId} and side = 'sell' and status in ('open', 'partially_filled')`,
  );
  const units = big(h?.units);
  const free = units - big(r.reserved);
  return { units, cost: big(h?.cost), free: free > 0n ? free : 0n };
}

type Priced = { property: PropertyRow; quote: SaleQuote; budgetLeft: bigint; discountBps: number };

/** Every check of a sale to the pool, and its quote. `lock`: inside the selling transaction. */
async function priceSale(tx: Db, poolId: string, userId: string, input: { propertyId: string; units: bigint }, lock: boolean): Promise<Priced> {
  const property = await findProperty(tx, input.propertyId, lock ? 'share' : '');
  await assertNotSuspended(tx, userId);
  const user = await loadUser(tx, userId);
  if (!user || !isKycVerified(user.kycStatus)) throw new AppError(422, codes.kycRequired, msg.kycRequired, { link: '/kyc' });
  if (property.status !== 'funded' || userId === poolId) throw new AppError(422, codes.notTradable, msg.notTradable(property.title));
  // A halt stops the pool too: while trading is halted (news, a revaluation) the valuation may be stale.
  const [market] = await q<{ halted: boolean }>(tx, sql`select halted from exchange_markets where property_id = ${property.id}`);
  if (market?.halted) throw new AppError(422, codes.halted, msg.halted(property.title));
  const budgetLeftNow = await budgetOf(tx, poolId, property.id, lock);
  const holding = await freeUnits(tx, userId, property.id, lock);
  if (input.units > holding.free) {
    throw new AppError(422, codes.notEnoughUnits, msg.notEnoughUnits(unitsToShareString(holding.free)), { freeUnits: holding.free.toString() });
  }
  const lots = await lotsOf(tx, userId, property.id);
  if (lots.reduce((s, l) => s + l.units, 0n) < input.units) {
    throw new AppError(409, 'holding_changed', 'Your holding changed while we priced the sale. Refresh and try again.');
  }
  const today = todayInDubai();
  const terms = await exchangeTerms(tx, today);
  const price = poolPrice({ valuation: big(property.valuation), totalShares: big(property.total_shares) }, terms.poolDiscountBps);
  const quote = quoteSale({ lots, units: input.units, price, on: today, fees: terms.fees });
  if (quote.gross > budgetLeftNow) {
    throw new AppError(422, codes.poolBudget, budgetLeftNow > 0n ? msg.poolBudget(formatAed(budgetLeftNow)) : msg.poolEmpty, { budgetLeft: budgetLeftNow.toString() });
  }
  return { property, quote, budgetLeft: budgetLeftNow, discountBps: terms.poolDiscountBps };
}

const saleJson = (p: Priced, extra: { id: string | null; budgetLeft: bigint; journalReference: string | null; at: string }): PoolSaleJson => ({
  id: extra.id,
  propertyId: p.property.id,
  units: p.quote.units.toString(),
  price: p.quote.price.toString(),
  gross: p.quote.gross.toString(),
  earlyExitFee: p.quote.earlyExitFee.toString(),
  performanceFee: p.quote.performanceFee.toString(),
  vat: p.quote.vat.toString(),
  net: p.quote.net.toString(),
  discountBps: p.discountBps,
  budgetLeft: extra.budgetLeft.toString(),
  journalReference: extra.journalReference,
  at: extra.at,
});

/** What selling `units` to the pool would pay now (nothing changes). 4xx with the reason when it cannot. */
export async function quotePoolSale(db: Db, userId: string, input: { propertyId: string; units: bigint }): Promise<PoolSaleJson> {
  const priced = await priceSale(db, await poolUserId(db), userId, input, false);
  return saleJson(priced, { id: null, budgetLeft: priced.budgetLeft, journalReference: null, at: new Date().toISOString() });
}

/**
 * Sells `units` to the pool in ONE transaction (a savepoint when the caller's idempotency transaction is
 * open): the property is read FOR SHARE (an exit waits), the pool row and the seller's holding are locked,
 * every check is made again, then the trade row, both holdings, the journal entry, the wallet credit and the
 * seller's notification are written together.
 */
export async function sellToPool(db: Db, userId: string, input: { propertyId: string; units: bigint }, opts: { poolId?: string } = {}): Promise<PoolSaleJson> {
  const poolId = opts.poolId ?? (await poolUserId(db));
  const user = await loadUser(db, userId);
  if (!user) throw notFound('There is no such investor.', 'user_not_found');
  // The seller's client-money account is opened (and committed) first, like a purchase does.
  const sellerAccount = (await ensureInvestorAccount(db, { userId, unicode: user.unicode, name: fullName(user) })).code;
  return db.transaction(async (tx) => {
    const priced = await priceSale(tx, poolId, userId, input, true);
    const { property, quote } = priced;
    const id = crypto.randomUUID();
    const [{ number }] = await q<{ number: string }>(tx, sql`select nextval(pg_get_serial_sequence('exchange_trades', 'number'))::text as number`);
    const reference = tradeReference(number);
    const shares = unitsToShareString(quote.units);
    const posted = await post(
      tx,
      poolSalePosting(
        { id, reference, propertyReference: property.reference, shares, gross: quote.gross, earlyExitFee: quote.earlyExitFee, performanceFee: quote.performanceFee, vat: quote.vat, net: quote.net, sellerUnicode: user.unicode },
        { sellerAccount, date: todayInDubai(), authorId: userId },
      ),
    );
    const [trade] = await q<{ created_at: string | Date }>(
      tx,
      sql`insert into exchange_trades (id, number, property_id, buyer_id, seller_id, venue, units, price, gross, cost, early_exit_fee, performance_fee, vat, net, journal_reference)
          values (${id}, ${number}::bigint, ${property.id}, ${poolId}, ${userId}, 'pool', ${quote.units.toString()}::bigint, ${quote.price.toString()}::bigint,
                  ${quote.gross.toString()}::bigint, ${quote.cost.toString()}::bigint, ${quote.earlyExitFee.toString()}::bigint,
                  ${quote.performanceFee.toString()}::bigint, ${quote.vat.toString()}::bigint, ${quote.net.toString()}::bigint, ${posted.reference})
          returning created_at`,
    );
    await tx.execute(
      sql`update holdings set units = units - ${quote.units.toString()}::bigint,
                cost = case when units = ${quote.units.toString()}::bigint then 0 else greatest(cost - ${quote.cost.toString()}::bigint, 0) end, updated_at = now()
           where user_id = ${userId} and property_id = ${property.id}`,
    );
    await tx.execute(
      sql`insert into holdings (user_id, property_id, units, cost) values (${poolId}, ${property.id}, ${quote.units.toString()}::bigint, ${quote.gross.toString()}::bigint)
          on conflict (user_id, property_id) do update set units = holdings.units + excluded.units, cost = holdings.cost + excluded.cost, updated_at = now()`,
    );
    if (quote.net > 0n) {
      await moveWallet(tx, {
        userId,
        delta: quote.net,
        kind: 'sale',
        description: `${shares} shares of ${property.title} sold to the liquidity pool (${reference})`,
        ref: { type: 'pool_sale', id },
        journalReference: posted.reference,
      });
    }
    await notify(tx, {
      userId,
      kind: 'exchange',
      title: 'Shares sold to the liquidity pool',
      body: `You sold ${shares} shares of ${property.title} to the liquidity pool for ${formatAed(quote.gross)}. After fees of ${formatAed(quote.fees)}, ${formatAed(quote.net)} is in your wallet. Reference ${reference}.`,
      link: '/wallet',
    });
    return saleJson(priced, { id, budgetLeft: priced.budgetLeft - quote.gross, journalReference: posted.reference, at: iso(trade.created_at) });
  });
}

/** The pool's budget, what it holds and its profit or loss. */
export async function getPool(db: Db): Promise<PoolJson> {
  const poolId = await poolUserId(db);
  const budgets = await settingsOn(db);
  const [settings] = await q<{ updated_at: string | Date | null }>(db, sql`select updated_at from exchange_pool where id = 1`);
  const rows = await q<{ property_id: string; reference: string; title: string; units: string; cost: string; value: string }>(
    db,
    sql`select h.property_id, p.reference, p.title, h.units::text, h.cost::text,
               (case when p.total_shares > 0 then h.units * p.valuation / p.total_shares else 0 end)::bigint::text as value
          from holdings h join properties p on p.id = h.property_id
         where h.user_id = ${poolId} and h.units > 0 order by p.title`,
  );
  const [realised] = await q<{ pnl: string }>(db, sql`select coalesce(sum(net - cost), 0)::text as pnl from exchange_trades where seller_id = ${poolId}`);
  const spent = rows.reduce((s, r) => s + big(r.cost), 0n);
  const value = rows.reduce((s, r) => s + big(r.value), 0n);
  const total = budgets.poolTotalBudget;
  const left = total - spent;
  return {
    totalBudget: total.toString(),
    perPropertyBudget: budgets.poolPerPropertyBudget.toString(),
    spent: spent.toString(),
    left: (left > 0n ? left : 0n).toString(),
    holdings: rows.map((r) => ({ propertyId: r.property_id, reference: r.reference, title: r.title, units: big(r.units).toString(), cost: big(r.cost).toString(), value: big(r.value).toString() })),
    realisedPnl: big(realised.pnl).toString(),
    unrealisedPnl: (value - spent).toString(),
    discountBps: (await exchangeTerms(db)).poolDiscountBps,
    updatedAt: settings?.updated_at ? iso(settings.updated_at) : null,
  };
}

/**
 * Sets the pool's budget from today (audited): the two budget settings change through the settings service, as a
 * change on /admin/settings would (which can also schedule one from a later date). A budget below what is already
 * invested only stops new purchases.
 */
export async function updatePool(db: Db, adminId: string, input: PoolBudgetInput): Promise<PoolJson> {
  await poolUserId(db);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select id from exchange_pool where id = 1 for update`);
    const now = await settingsOn(tx);
    const before = { total_budget: now.poolTotalBudget.toString(), per_property_budget: now.poolPerPropertyBudget.toString() };
    const reason = 'Set on the exchange screen';
    if (now.poolTotalBudget !== input.totalBudget) await updateSetting(tx, 'poolTotalBudget', input.totalBudget.toString(), { userId: adminId }, { reason });
    if (now.poolPerPropertyBudget !== input.perPropertyBudget) await updateSetting(tx, 'poolPerPropertyBudget', input.perPropertyBudget.toString(), { userId: adminId }, { reason });
    await tx.execute(sql`update exchange_pool set updated_by = ${adminId}, updated_at = now() where id = 1`);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'exchange.pool_budget',
      entityType: 'exchange_pool',
      entityId: null,
      summary: `Liquidity pool budget set to ${formatAed(input.totalBudget)} in total and ${formatAed(input.perPropertyBudget)} per property`,
      details: { before: { totalBudget: before?.total_budget, perPropertyBudget: before?.per_property_budget }, after: input },
    });
  });
  return getPool(db);
}
