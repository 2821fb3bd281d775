/** The purchase: shares of a property bought from the wallet, atomically with the ledger and the property. */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound, unprocessable, type ErrorCode } from '@api/errors';
import { isKycVerified } from '../auth/contract';
import { assertNotSuspended } from '../auth/suspension';
import { ensureInvestorAccount, ensurePropertyAccount, post } from '../ledger';
import { notify } from '../notifications';
import { quoteTermsOf } from '../properties/contract';
import { settingsOn } from '../settings';
import { aed, big, dubaiDate, fullName, loadUser, lockWallet, moveWallet, q } from '../wallet';
import { CANCELLATION_WINDOW_HOURS, investingErrorCodes as codes, investingMessages as msg, unitsToShares, type InvestInput, type InvestmentJson } from './contract';
import { investmentJson, receiptNumber } from './investment-json';
import { purchasePosting } from './postings';
import { committedAccountCode, findProperty, maxAmountFor, priceFor } from './property-reads';
import { classificationOf, retailUsed } from './retail-limit';

export type InvestOptions = {
  idempotencyKey?: string | null;
  /** The clock (tests, and seeds that backdate history). */
  now?: Date;
  /** Seeds only: statuses besides 'funding' a purchase may be recorded in (backfilling a funded catalogue). */
  allowStatuses?: string[];
  /** Seeds only: no notification. */
  notify?: boolean;
};
export type InvestResult = { status: number; body: InvestmentJson; replay: boolean };

const PURCHASE_SCOPE = 'investments.create';
const requestHash = (input: InvestInput) => createHash('sha256').update(JSON.stringify([input.propertyId.trim().toLowerCase(), input.amount.toString()])).digest('hex');

async function storedResponse(db: Db, userId: string, key: string, hash: string): Promise<InvestResult | null> {
  const [row] = await q<{ scope: string; request_hash: string; status_code: number; response: unknown }>(
    db,
    sql`select scope, request_hash, status_code, response from idempotency_keys where user_id = ${userId} and key = ${key}`,
  );
  if (!row) return null;
  if (row.scope !== PURCHASE_SCOPE || row.request_hash !== hash) throw unprocessable(msg.idempotencyKeyReused, codes.idempotencyKeyReused);
  if (!row.status_code) throw new AppError(409, codes.idempotencyInProgress, msg.idempotencyInProgress);
  const body = (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as InvestmentJson;
  return { status: 200, body, replay: true };
}

const fail = (status: number, code: ErrorCode, message: string, details?: Record<string, unknown>) => new AppError(status, code, message, details);

/**
 * Invests `amount` fils of the wallet in a property. Everything a person can get wrong is checked first
 * (404 unknown property; 422 identity not verified, below the minimum, property not open, not enough
 * shares, retail limit, insufficient funds), and nothing changes when any check fails. Then, in ONE
 * transaction: the wallet row is locked and debited (conditional), the investment and the holding are
 * written, the purchase is journaled (Dr the investor's client money; Cr the property's holdings), and the
 * units are taken from the property with one conditional UPDATE that can never oversell.
 */
export async function invest(db: Db, userId: string, input: InvestInput, opts: InvestOptions = {}): Promise<InvestResult> {
  const now = opts.now ?? new Date();
  const key = opts.idempotencyKey ?? null;
  const hash = requestHash(input);
  if (key) {
    const stored = await storedResponse(db, userId, key, hash);
    if (stored) return stored;
  }

  await assertNotSuspended(db, userId);
  // Checks first, on plain reads (cheap, and they answer clearly); the transaction re-checks what races.
  const [property, user, classification, settings] = await Promise.all([findProperty(db, input.propertyId), loadUser(db, userId), classificationOf(db, userId), settingsOn(db)]);
  const annualLimit = settings.retailAnnualLimit;
  const terms = quoteTermsOf(settings);
  if (!property) throw notFound(msg.propertyNotFound, codes.propertyNotFound);
  if (!user) throw notFound('There is no such investor.', 'user_not_found');
  if (!isKycVerified(user.kycStatus)) throw fail(422, codes.kycRequired, msg.kycRequired, { link: '/kyc' });
  if (input.amount < terms.minimum) throw fail(422, codes.belowMinimum, msg.belowMinimum(terms.minimum), { minimum: terms.minimum.toString() });
  const openStatuses = ['funding', ...(opts.allowStatuses ?? [])];
  if (!openStatuses.includes(property.status)) throw fail(422, codes.propertyNotOpen, msg.propertyNotOpen(property.title, property.status));
  const quote = priceFor(property, input.amount, terms);
  if (quote.units <= 0n) throw fail(422, 'amount_buys_nothing', msg.amountBuysNothing);
  if (quote.units > quote.availableUnits) {
    throw fail(422, codes.notEnoughShares, msg.notEnoughShares(maxAmountFor(property)), { availableUnits: quote.availableUnits.toString(), maxAmount: maxAmountFor(property).toString() });
  }
  const fee = quote.fees.reduce((s, f) => s + f.amount, 0n);
  const sharePrice = big(property.share_price);

  // Sub-accounts are opened (idempotently, and committed) before the purchase, so the purchase transaction
  // never queues behind another one creating the same account.
  const [investorCode, propertyCode] = await Promise.all([
    committedAccountCode(db, `investor:${userId}`, () => ensureInvestorAccount(db, { userId, unicode: user.unicode, name: fullName(user) })),
    committedAccountCode(db, `property:${property.id}`, () => ensurePropertyAccount(db, { propertyId: property.id, name: property.title, reference: property.reference })),
  ]);

  const body = await db.transaction(async (tx) => {
    if (key) {
      const claimed = await q(
        tx,
        sql`insert into idempotency_keys (user_id, key, scope, request_hash, status_code, response)
            values (${userId}, ${key}, ${PURCHASE_SCOPE}, ${hash}, 0, '{}'::jsonb) on conflict do nothing returning 1 as ok`,
      );
      // A concurrent request with the same key committed first: answer with its response.
      if (!claimed.length) return { replayed: (await storedResponse(tx, userId, key, hash))!.body, created: undefined };
    }

    // The investor's wallet row is locked from here to commit: their purchases, cancellations and
    // withdrawals queue one behind the other, so the limit and the balance checked here stay true.
    const wallet = await lockWallet(tx, userId);
    if (classification === 'retail') {
      const remaining = annualLimit - (await retailUsed(tx, userId, now));
      if (quote.principal > remaining) {
        const left = remaining > 0n ? remaining : 0n;
        throw fail(422, codes.retailLimitExceeded, msg.retailLimitExceeded(left), { remaining: left.toString(), annualLimit: annualLimit.toString() });
      }
    }
    if (wallet.available < quote.total) {
      throw fail(422, codes.insufficientFunds, msg.insufficientFunds(wallet.available, quote.total), { available: wallet.available.toString(), required: quote.total.toString(), link: '/wallet' });
    }

    const id = crypto.randomUUID();
    const balanceAfter = wallet.balance - quote.total;
    const posted = await post(
      tx,
      purchasePosting(
        { id, shares: unitsToShares(quote.units), principal: quote.principal, fee, vat: quote.vat, total: quote.total, property, investorUnicode: user.unicode },
        { investorAccount: investorCode, propertyAccount: propertyCode, date: dubaiDate(now), authorId: userId },
      ),
    );
    const [inserted] = await q<{ receipt_no: string; created_at: string | Date }>(
      tx,
      sql`with h as (
            insert into holdings (user_id, property_id, units, cost) values (${userId}, ${property.id}, ${quote.units.toString()}::bigint, ${quote.principal.toString()}::bigint)
            on conflict (user_id, property_id) do update set units = holdings.units + excluded.units, cost = holdings.cost + excluded.cost, updated_at = now()
            returning 1)
          insert into investments (id, user_id, property_id, units, share_price, amount, principal, fee_bps, fee, vat, total, status, wallet_balance_after, journal_reference, created_at)
          select ${id}, ${userId}, ${property.id}, ${quote.units.toString()}::bigint, ${sharePrice.toString()}::bigint, ${input.amount.toString()}::bigint,
                 ${quote.principal.toString()}::bigint, 0, ${fee.toString()}::bigint, ${quote.vat.toString()}::bigint, ${quote.total.toString()}::bigint,
                 'active', ${balanceAfter.toString()}::bigint, ${posted.reference}, ${now.toISOString()}::timestamptz
            from h
          returning receipt_no::text, created_at`,
    );
    const receipt = receiptNumber(inserted.receipt_no);
    const after = await moveWallet(tx, {
      userId,
      delta: -quote.total,
      kind: 'investment',
      description: `Investment in ${property.title} (${unitsToShares(quote.units)} shares, ${receipt})`,
      ref: { type: 'investment', id },
      journalReference: posted.reference,
      at: opts.now,
    });
    if (after !== balanceAfter) throw new Error('wallet moved while locked');
    if (opts.notify !== false) await notify(tx, {
      userId,
      kind: 'investment',
      title: 'Investment confirmed',
      body: `You invested ${aed(quote.total)} in ${property.title}: ${unitsToShares(quote.units)} shares. Receipt ${receipt}. You can cancel for a full refund within ${CANCELLATION_WINDOW_HOURS} hours.`,
      link: `/checkout?receipt=${id}`,
    });

    // Last, so the property's row (every buyer's hot spot) stays locked as briefly as possible.
    const taken = await q<{ shares_sold: string }>(
      tx,
      // The last share sold closes funding: the property becomes 'funded' in the same statement.
      sql`update properties set shares_sold = shares_sold + ${quote.units.toString()}::bigint, updated_at = now(),
                  status = case when shares_sold + ${quote.units.toString()}::bigint = total_shares then 'funded' else status end
           where id = ${property.id} and status in (${sql.join(openStatuses.map((st) => sql`${st}`), sql`, `)}) and share_price = ${sharePrice.toString()}::bigint
             and shares_sold + ${quote.units.toString()}::bigint <= total_shares
          returning shares_sold::text`,
    );
    if (!taken.length) {
      const fresh = (await findProperty(tx, property.id))!;
      if (!openStatuses.includes(fresh.status)) throw fail(422, codes.propertyNotOpen, msg.propertyNotOpen(fresh.title, fresh.status));
      if (big(fresh.share_price) !== sharePrice) throw fail(409, 'price_changed', 'The share price changed while you were investing. Review the new price and try again.');
      const left = big(fresh.total_shares) - big(fresh.shares_sold);
      throw fail(422, codes.notEnoughShares, msg.notEnoughShares(maxAmountFor(fresh)), { availableUnits: (left > 0n ? left : 0n).toString(), maxAmount: maxAmountFor(fresh).toString() });
    }

    const json = investmentJson(
      {
        id,
        receipt_no: inserted.receipt_no,
        user_id: userId,
        property_id: property.id,
        units: quote.units.toString(),
        share_price: sharePrice.toString(),
        amount: input.amount.toString(),
        principal: quote.principal.toString(),
        fee: fee.toString(),
        vat: quote.vat.toString(),
        total: quote.total.toString(),
        status: 'active',
        wallet_balance_after: balanceAfter.toString(),
        journal_reference: posted.reference,
        created_at: inserted.created_at,
        cancelled_at: null,
        p_reference: property.reference,
        p_slug: property.slug,
        p_title: property.title,
        p_city: property.city,
        p_community: property.community,
        p_status: property.status,
      },
      now,
    );
    if (key) await q(tx, sql`update idempotency_keys set status_code = 201, response = ${JSON.stringify(json)}::jsonb where user_id = ${userId} and key = ${key}`);
    return { replayed: undefined, created: json };
  });
  if (body.replayed) return { status: 200, body: body.replayed, replay: true };
  return { status: 201, body: body.created!, replay: false };
}
