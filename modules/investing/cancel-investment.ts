/** Cancellation within 48 hours: a full refund, the units back to the property, a mirror-image journal entry. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound, unprocessable } from '@api/errors';
import { ensureInvestorAccount, ensurePropertyAccount, post } from '../ledger';
import { notify } from '../notifications';
import { aed, big, dubaiDate, fullName, loadUser, lockWallet, moveWallet, q } from '../wallet';
import { CANCELLATION_WINDOW_HOURS, CANCELLATION_WINDOW_MS, investingErrorCodes as codes, investingMessages as msg, unitsToShares, type InvestmentJson } from './contract';
import { getInvestment, INVESTMENT_SELECT, receiptNumber, type InvestmentSqlRow } from './investment-json';
import { cancellationPosting } from './postings';
import { iso, UUID } from './property-reads';

/**
 * Cancels an investment within 48 hours of making it: a full refund (principal, fees and VAT) to the
 * wallet, the units back to the property, and a mirror-image journal entry — all in one transaction.
 */
export async function cancelInvestment(db: Db, userId: string, id: string, opts: { now?: Date } = {}): Promise<InvestmentJson> {
  const now = opts.now ?? new Date();
  if (!UUID.test(id)) throw notFound(msg.investmentNotFound, codes.investmentNotFound);
  const user = await loadUser(db, userId);
  if (!user) throw notFound(msg.investmentNotFound, codes.investmentNotFound);
  await db.transaction(async (tx) => {
    const [inv] = await q<InvestmentSqlRow>(tx, sql`${INVESTMENT_SELECT} where i.id = ${id} and i.user_id = ${userId} for update of i`);
    if (!inv) throw notFound(msg.investmentNotFound, codes.investmentNotFound);
    if (inv.status === 'cancelled') throw unprocessable(msg.alreadyCancelled, codes.alreadyCancelled);
    if (now.getTime() - new Date(iso(inv.created_at)).getTime() > CANCELLATION_WINDOW_MS) throw unprocessable(msg.cancellationWindowPassed, codes.cancellationWindowPassed);
    if (['exited', 'closed'].includes(inv.p_status)) throw unprocessable(msg.cancelPropertyClosed, codes.cancellationWindowPassed);

    const units = big(inv.units);
    const principal = big(inv.principal);
    const fee = big(inv.fee);
    const vat = big(inv.vat);
    const total = big(inv.total);
    await lockWallet(tx, userId);
    const released = await q(
      tx,
      sql`update holdings set units = units - ${units.toString()}::bigint, cost = greatest(cost - ${principal.toString()}::bigint, 0), updated_at = now()
           where user_id = ${userId} and property_id = ${inv.property_id}
             -- Units offered in open sell orders on the exchange stay theirs until those orders are cancelled.
             and units - (select coalesce(sum(o.units - o.filled_units), 0) from exchange_orders o
                           where o.user_id = ${userId} and o.property_id = ${inv.property_id} and o.side = 'sell' and o.status in ('open', 'partially_filled')) >= ${units.toString()}::bigint
          returning 1 as ok`,
    );
    if (!released.length) {
      throw new AppError(409, 'holding_changed', 'These shares are no longer all in your holding, or some are offered in open sell orders on the exchange: cancel those orders first.');
    }

    const investorAccount = await ensureInvestorAccount(tx, { userId, unicode: user.unicode, name: fullName(user) });
    const propertyAccount = await ensurePropertyAccount(tx, { propertyId: inv.property_id, name: inv.p_title, reference: inv.p_reference });
    const receipt = receiptNumber(inv.receipt_no);
    const posted = await post(
      tx,
      cancellationPosting(
        { id, shares: unitsToShares(units), principal, fee, vat, total, property: { reference: inv.p_reference, title: inv.p_title }, investorUnicode: user.unicode, receipt, windowHours: CANCELLATION_WINDOW_HOURS },
        { investorAccount: investorAccount.code, propertyAccount: propertyAccount.code, date: dubaiDate(now), authorId: userId },
      ),
    );
    await moveWallet(tx, { userId, delta: total, kind: 'refund', description: `Refund: cancelled investment ${receipt} in ${inv.p_title}`, ref: { type: 'investment', id }, journalReference: posted.reference });
    // Shares handed back reopen a property that sold out, while its funding deadline has not passed.
    await q(
      tx,
      sql`update properties set shares_sold = shares_sold - ${units.toString()}::bigint, updated_at = now(),
                 status = case when status = 'funded' and shares_sold = total_shares and (funding_deadline is null or funding_deadline >= current_date) then 'funding' else status end
           where id = ${inv.property_id}`,
    );
    await q(tx, sql`update investments set status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz, refund_journal_reference = ${posted.reference} where id = ${id}`);
    await notify(tx, {
      userId,
      kind: 'investment',
      title: 'Investment cancelled',
      body: `Your investment ${receipt} in ${inv.p_title} was cancelled and ${aed(total)} was refunded to your wallet.`,
      link: '/wallet',
    });
  });
  return getInvestment(db, userId, id);
}
