import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound, unprocessable, type ErrorCode } from '@api/errors';
import { isKycVerified } from '../auth/contract';
import { provideRetailUsage } from '../kyc';
import { ensureInvestorAccount, ensurePropertyAccount, LEDGER_ACCOUNTS, post, verifyBalances } from '../ledger';
import { notify } from '../notifications';
import { MIN_INVESTMENT_FILS } from '../platform/contract';
import { quoteInvestment, SHARE_SCALE, type PropertyFinancials } from '../properties/contract';
import { getRetailAnnualLimitFils } from '../settings';
import { aed, big, dubaiDate, fullName, listTransactions, loadUser, lockWallet, moveWallet, q } from '../wallet';
import {
  CANCELLATION_WINDOW_HOURS,
  CANCELLATION_WINDOW_MS,
  RETAIL_LIMIT_WINDOW,
  investingErrorCodes as codes,
  investingMessages as msg,
  unitsToShares,
  type AllocationSlice,
  type CheckoutBlocker,
  type CheckoutQuote,
  type DashboardJson,
  type HoldingJson,
  type InvestInput,
  type InvestmentJson,
  type InvestmentStatus,
  type PortfolioJson,
  type PropertyRef,
  type ReconciliationJson,
  type RetailLimitJson,
  type ValuePoint,
} from './contract';
import { cancellationPosting, purchasePosting } from './postings';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------
// Properties, as investing reads them

type PropertyRow = {
  id: string;
  reference: string;
  slug: string;
  title: string;
  city: string;
  community: string;
  status: string;
  share_price: string;
  total_shares: string;
  shares_sold: string;
  valuation: string;
  valued_on: string | null;
  purchase_price: string;
  acquisition_costs: string;
  funding_target: string;
  annual_rent: string;
  service_charges: string;
  maintenance_costs: string;
  management_fee_bps: number;
  occupancy_bps: number;
};

const PROPERTY_COLUMNS = sql`id, reference, slug, title, city, community, status, share_price::text, total_shares::text, shares_sold::text,
  valuation::text, valued_on::text, purchase_price::text, acquisition_costs::text, funding_target::text, annual_rent::text,
  service_charges::text, maintenance_costs::text, management_fee_bps, occupancy_bps`;

/** A property by its uuid, reference or slug. */
async function findProperty(db: Db, idOrRef: string): Promise<PropertyRow | null> {
  const where = UUID.test(idOrRef) ? sql`id = ${idOrRef}` : sql`reference = ${idOrRef.toUpperCase()} or slug = ${idOrRef.toLowerCase()}`;
  const [row] = await q<PropertyRow>(db, sql`select ${PROPERTY_COLUMNS} from properties where ${where} limit 1`);
  return row ?? null;
}

const propertyRef = (p: { id: string; reference: string; slug: string; title: string; city: string; community: string; status: string }): PropertyRef => ({
  id: p.id,
  reference: p.reference,
  slug: p.slug,
  title: p.title,
  city: p.city,
  community: p.community,
  status: p.status,
});

const financialsOf = (p: PropertyRow): PropertyFinancials => ({
  valuation: big(p.valuation),
  fundingTarget: big(p.funding_target),
  annualRent: big(p.annual_rent),
  occupancyBps: p.occupancy_bps,
  serviceCharges: big(p.service_charges),
  maintenanceCosts: big(p.maintenance_costs),
  managementFeeBps: p.management_fee_bps,
});

function priceFor(p: PropertyRow, amount: bigint) {
  return quoteInvestment({
    amountFils: amount,
    sharePrice: big(p.share_price),
    totalShares: big(p.total_shares),
    sharesSold: big(p.shares_sold),
    financials: financialsOf(p),
    method: null,
  });
}

/** The largest amount (fils) that still buys only units that are left. */
const maxAmountFor = (p: PropertyRow) => {
  const left = big(p.total_shares) - big(p.shares_sold);
  return left > 0n ? (left * big(p.share_price)) / SHARE_SCALE : 0n;
};

/**
 * Sub-account codes opened outside any transaction (so committed), remembered per database: a purchase then
 * needs no round trip to find its investor's and property's accounts. Codes never change once used.
 */
const accountCodes = new WeakMap<object, Map<string, string>>();
async function committedAccountCode(db: Db, key: string, ensure: () => Promise<{ code: string }>): Promise<string> {
  let codes = accountCodes.get(db);
  if (!codes) accountCodes.set(db, (codes = new Map()));
  const known = codes.get(key);
  if (known) return known;
  const { code } = await ensure();
  codes.set(key, code);
  return code;
}

// ---------------------------------------------------------------------------------------------
// Retail limit

/**
 * Investors classified 'professional' in their KYC application have no limit; everyone else is retail.
 * (Read from the KYC application, which helper kyc-api owns.)
 */
async function classificationOf(db: Db, userId: string): Promise<'retail' | 'professional'> {
  const [row] = await q<{ classification: string | null }>(db, sql`select classification from kyc_applications where user_id = ${userId} and status = 'approved' limit 1`);
  return row?.classification === 'professional' ? 'professional' : 'retail';
}

/** Principal of purchases over the last 12 months (rolling), cancellations excluded. */
async function retailUsed(db: Db, userId: string, now: Date): Promise<bigint> {
  const [row] = await q<{ used: string }>(
    db,
    sql`select coalesce(sum(principal), 0)::text as used from investments
         where user_id = ${userId} and status = 'active' and created_at > ${now.toISOString()}::timestamptz - interval '12 months'`,
  );
  return big(row?.used);
}

export async function retailLimitFor(db: Db, userId: string, now = new Date()): Promise<RetailLimitJson> {
  const [classification, used, annualLimit] = await Promise.all([classificationOf(db, userId), retailUsed(db, userId, now), getRetailAnnualLimitFils(db)]);
  if (classification === 'professional') return { classification, window: RETAIL_LIMIT_WINDOW, annualLimit: null, used: used.toString(), remaining: null };
  const remaining = annualLimit - used > 0n ? annualLimit - used : 0n;
  return { classification, window: RETAIL_LIMIT_WINDOW, annualLimit: annualLimit.toString(), used: used.toString(), remaining: remaining.toString() };
}
// The KYC application shows this figure; kyc reads it through this function and never imports investing.
provideRetailUsage(retailLimitFor);

// ---------------------------------------------------------------------------------------------
// Checkout quote (nothing reserved)

export async function checkoutQuote(db: Db, userId: string, input: InvestInput, now = new Date()): Promise<CheckoutQuote> {
  const property = await findProperty(db, input.propertyId);
  if (!property) throw notFound(msg.propertyNotFound, codes.propertyNotFound);
  const [user, retail, [wallet]] = await Promise.all([
    loadUser(db, userId),
    retailLimitFor(db, userId, now),
    q<{ available: string }>(db, sql`select (balance - held)::text as available from wallets where user_id = ${userId}`),
  ]);
  const quote = priceFor(property, input.amount);
  const available = big(wallet?.available);
  const blockers: CheckoutBlocker[] = [];
  if (!isKycVerified(user?.kycStatus)) blockers.push({ code: 'kyc_required', message: msg.kycRequired, link: '/kyc' });
  if (property.status !== 'funding') blockers.push({ code: 'property_not_open', message: msg.propertyNotOpen(property.title, property.status) });
  if (input.amount < MIN_INVESTMENT_FILS) blockers.push({ code: 'below_minimum', message: msg.belowMinimum });
  else if (quote.units === 0n) blockers.push({ code: 'amount_buys_nothing', message: msg.amountBuysNothing });
  else if (quote.units > quote.availableUnits) blockers.push({ code: 'not_enough_shares', message: msg.notEnoughShares(maxAmountFor(property)) });
  if (retail.remaining !== null && quote.principal > BigInt(retail.remaining)) blockers.push({ code: 'retail_limit_exceeded', message: msg.retailLimitExceeded(BigInt(retail.remaining)) });
  if (available < quote.total) blockers.push({ code: 'insufficient_funds', message: msg.insufficientFunds(available, quote.total), link: '/wallet' });
  const fee = quote.fees.reduce((s, f) => s + f.amount, 0n);
  const feeJson = (f: { key: string; label: string; amount: bigint; detail: string }) => ({ key: f.key, label: f.label, amount: f.amount.toString(), detail: f.detail });
  return {
    property: {
      ...propertyRef(property),
      sharePrice: property.share_price,
      totalUnits: property.total_shares,
      soldUnits: property.shares_sold,
      availableUnits: quote.availableUnits.toString(),
    },
    amount: input.amount.toString(),
    units: quote.units.toString(),
    shares: unitsToShares(quote.units),
    principal: quote.principal.toString(),
    fees: quote.fees.map(feeJson),
    fee: fee.toString(),
    vat: quote.vat.toString(),
    total: quote.total.toString(),
    annualFees: quote.annualFees.map(feeJson),
    annualFeesVat: quote.annualFeesVat.toString(),
    annualIncome: quote.annualIncome.toString(),
    netYieldBps: quote.netYieldBps,
    ownershipPpm: quote.ownershipPpm,
    unspent: (input.amount - quote.total > 0n ? input.amount - quote.total : 0n).toString(),
    walletAvailable: available.toString(),
    retailLimit: retail,
    minimum: MIN_INVESTMENT_FILS.toString(),
    blockers,
    canInvest: blockers.length === 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Purchase

type InvestmentSqlRow = {
  id: string;
  receipt_no: string;
  user_id: string;
  property_id: string;
  units: string;
  share_price: string;
  amount: string;
  principal: string;
  fee: string;
  vat: string;
  total: string;
  status: InvestmentStatus;
  wallet_balance_after: string;
  journal_reference: string | null;
  created_at: string | Date;
  cancelled_at: string | Date | null;
  p_reference: string;
  p_slug: string;
  p_title: string;
  p_city: string;
  p_community: string;
  p_status: string;
};

const INVESTMENT_SELECT = sql`select i.id, i.receipt_no::text, i.user_id, i.property_id, i.units::text, i.share_price::text, i.amount::text,
  i.principal::text, i.fee::text, i.vat::text, i.total::text, i.status, i.wallet_balance_after::text, i.journal_reference, i.created_at, i.cancelled_at,
  p.reference as p_reference, p.slug as p_slug, p.title as p_title, p.city as p_city, p.community as p_community, p.status as p_status
  from investments i join properties p on p.id = i.property_id`;

export const receiptNumber = (n: bigint | string) => `MZI-${String(n).padStart(6, '0')}`;

function investmentJson(r: InvestmentSqlRow, now = new Date()): InvestmentJson {
  const created = new Date(iso(r.created_at));
  const until = new Date(created.getTime() + CANCELLATION_WINDOW_MS);
  return {
    id: r.id,
    receiptNumber: receiptNumber(r.receipt_no),
    status: r.status,
    property: { id: r.property_id, reference: r.p_reference, slug: r.p_slug, title: r.p_title, city: r.p_city, community: r.p_community, status: r.p_status },
    units: big(r.units).toString(),
    shares: unitsToShares(big(r.units)),
    sharePrice: big(r.share_price).toString(),
    amount: big(r.amount).toString(),
    principal: big(r.principal).toString(),
    fee: big(r.fee).toString(),
    vat: big(r.vat).toString(),
    total: big(r.total).toString(),
    createdAt: created.toISOString(),
    cancellableUntil: until.toISOString(),
    cancellable: r.status === 'active' && now.getTime() <= until.getTime() && !['exited', 'closed'].includes(r.p_status),
    cancelledAt: isoOrNull(r.cancelled_at),
    refund: r.status === 'cancelled' ? big(r.total).toString() : null,
    journalReference: r.journal_reference,
    walletBalanceAfter: big(r.wallet_balance_after).toString(),
  };
}

export async function getInvestment(db: Db, userId: string | null, id: string): Promise<InvestmentJson> {
  if (!UUID.test(id)) throw notFound(msg.investmentNotFound, codes.investmentNotFound);
  const [row] = await q<InvestmentSqlRow>(db, sql`${INVESTMENT_SELECT} where i.id = ${id}${userId ? sql` and i.user_id = ${userId}` : sql``}`);
  if (!row) throw notFound(msg.investmentNotFound, codes.investmentNotFound);
  return investmentJson(row);
}

export async function listInvestments(db: Db, userId: string): Promise<InvestmentJson[]> {
  const rows = await q<InvestmentSqlRow>(db, sql`${INVESTMENT_SELECT} where i.user_id = ${userId} order by i.created_at desc limit 500`);
  const now = new Date();
  return rows.map((r) => investmentJson(r, now));
}

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

  // Checks first, on plain reads (cheap, and they answer clearly); the transaction re-checks what races.
  const [property, user, classification, annualLimit] = await Promise.all([
    findProperty(db, input.propertyId),
    loadUser(db, userId),
    classificationOf(db, userId),
    getRetailAnnualLimitFils(db),
  ]);
  if (!property) throw notFound(msg.propertyNotFound, codes.propertyNotFound);
  if (!user) throw notFound('There is no such investor.', 'user_not_found');
  if (!isKycVerified(user.kycStatus)) throw fail(422, codes.kycRequired, msg.kycRequired, { link: '/kyc' });
  if (input.amount < MIN_INVESTMENT_FILS) throw fail(422, codes.belowMinimum, msg.belowMinimum, { minimum: MIN_INVESTMENT_FILS.toString() });
  const openStatuses = ['funding', ...(opts.allowStatuses ?? [])];
  if (!openStatuses.includes(property.status)) throw fail(422, codes.propertyNotOpen, msg.propertyNotOpen(property.title, property.status));
  const quote = priceFor(property, input.amount);
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

// ---------------------------------------------------------------------------------------------
// Cancellation within 48 hours

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
           where user_id = ${userId} and property_id = ${inv.property_id} and units >= ${units.toString()}::bigint returning 1 as ok`,
    );
    if (!released.length) throw new AppError(409, 'holding_changed', 'These shares are no longer in your holding, so the investment cannot be cancelled.');

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

// ---------------------------------------------------------------------------------------------
// Portfolio and dashboard

type HoldingSqlRow = {
  property_id: string;
  units: string;
  cost: string;
  reference: string;
  slug: string;
  title: string;
  city: string;
  community: string;
  status: string;
  total_shares: string;
  valuation: string;
  valued_on: string | null;
};

const bpsOf = (part: bigint, whole: bigint) => (whole === 0n ? 0 : Number((part * 10_000n) / whole));

function holdingJson(r: HoldingSqlRow): HoldingJson {
  const units = big(r.units);
  const cost = big(r.cost);
  const total = big(r.total_shares);
  const valuation = big(r.valuation);
  const value = total > 0n ? (units * valuation) / total : 0n;
  return {
    property: propertyRef({ id: r.property_id, reference: r.reference, slug: r.slug, title: r.title, city: r.city, community: r.community, status: r.status }),
    units: units.toString(),
    shares: unitsToShares(units),
    cost: cost.toString(),
    currentValue: value.toString(),
    gain: (value - cost).toString(),
    gainBps: bpsOf(value - cost, cost),
    ownershipBps: bpsOf(units, total),
    valuation: valuation.toString(),
    valuedOn: r.valued_on,
    currentSharePrice: total > 0n ? ((valuation * SHARE_SCALE) / total).toString() : '0',
  };
}

async function holdingsOf(db: Db, userId: string): Promise<HoldingJson[]> {
  const rows = await q<HoldingSqlRow>(
    db,
    sql`select h.property_id, h.units::text, h.cost::text, p.reference, p.slug, p.title, p.city, p.community, p.status,
               p.total_shares::text, p.valuation::text, p.valued_on::text
          from holdings h join properties p on p.id = h.property_id
         where h.user_id = ${userId} and h.units > 0 order by h.cost desc, p.title`,
  );
  return rows.map(holdingJson);
}

export async function getPortfolio(db: Db, userId: string): Promise<PortfolioJson> {
  const holdings = await holdingsOf(db, userId);
  let cost = 0n;
  let value = 0n;
  for (const h of holdings) {
    cost += BigInt(h.cost);
    value += BigInt(h.currentValue);
  }
  return { holdings, totals: { cost: cost.toString(), currentValue: value.toString(), gain: (value - cost).toString(), gainBps: bpsOf(value - cost, cost), properties: holdings.length } };
}

function allocation(entries: { key: string; label: string; value: bigint }[]): AllocationSlice[] {
  const merged = new Map<string, { key: string; label: string; value: bigint }>();
  for (const e of entries) {
    const m = merged.get(e.key);
    if (m) m.value += e.value;
    else merged.set(e.key, { ...e });
  }
  const total = [...merged.values()].reduce((s, e) => s + e.value, 0n);
  return [...merged.values()]
    .sort((a, b) => (a.value === b.value ? a.label.localeCompare(b.label) : a.value > b.value ? -1 : 1))
    .map((e) => ({ key: e.key, label: e.label, value: e.value.toString(), bps: bpsOf(e.value, total) }));
}

/** Month ends of the last 12 months (Dubai dates), then today. */
function seriesDates(now: Date): string[] {
  const today = dubaiDate(now);
  const [y, m] = today.split('-').map(Number);
  const dates: string[] = [];
  for (let i = 12; i >= 1; i--) {
    const end = new Date(Date.UTC(y, m - i, 0)); // day 0 of month (m - i + 1) = last day of month m - i
    dates.push(end.toISOString().slice(0, 10));
  }
  dates.push(today);
  return dates;
}

async function valueOverTime(db: Db, userId: string, now: Date): Promise<ValuePoint[]> {
  const investments = await q<{ property_id: string; units: string; principal: string; created: string; cancelled: string | null }>(
    db,
    sql`select property_id, units::text, principal::text, (created_at + interval '4 hours')::date::text as created,
               (cancelled_at + interval '4 hours')::date::text as cancelled
          from investments where user_id = ${userId}`,
  );
  const dates = seriesDates(now);
  if (!investments.length) return dates.map((date) => ({ date, invested: '0', value: '0' }));
  const propertyIds = [...new Set(investments.map((i) => i.property_id))];
  const ids = sql.join(propertyIds.map((id) => sql`${id}`), sql`, `);
  const [props, valuations] = await Promise.all([
    q<{ id: string; total_shares: string; valuation: string; valued_on: string | null; share_price: string }>(
      db,
      sql`select id, total_shares::text, valuation::text, valued_on::text, share_price::text from properties where id in (${ids})`,
    ),
    q<{ property_id: string; valued_on: string; valuation: string }>(db, sql`select property_id, valued_on::text, valuation::text from property_valuations where property_id in (${ids}) order by valued_on`),
  ]);
  const propById = new Map(props.map((p) => [p.id, p]));
  const valuationAt = (propertyId: string, date: string): bigint => {
    const p = propById.get(propertyId)!;
    // The latest valuation on the property itself counts from its date (or always, when undated).
    if (!p.valued_on || p.valued_on <= date) {
      const newerHistory = valuations.some((v) => v.property_id === propertyId && v.valued_on <= date && p.valued_on !== null && v.valued_on > p.valued_on);
      if (!newerHistory) return big(p.valuation);
    }
    let found: bigint | null = null;
    for (const v of valuations) if (v.property_id === propertyId && v.valued_on <= date) found = big(v.valuation);
    if (found !== null) return found;
    // Before any recorded valuation: the price investors paid (share price × all shares).
    return (big(p.share_price) * big(p.total_shares)) / SHARE_SCALE;
  };
  return dates.map((date) => {
    let invested = 0n;
    let value = 0n;
    const units = new Map<string, bigint>();
    for (const i of investments) {
      if (i.created > date || (i.cancelled && i.cancelled <= date)) continue;
      invested += big(i.principal);
      units.set(i.property_id, (units.get(i.property_id) ?? 0n) + big(i.units));
    }
    for (const [propertyId, u] of units) {
      const p = propById.get(propertyId);
      if (!p) continue;
      const total = big(p.total_shares);
      if (total > 0n) value += (u * valuationAt(propertyId, date)) / total;
    }
    return { date, invested: invested.toString(), value: value.toString() };
  });
}

export async function getDashboard(db: Db, userId: string, now = new Date()): Promise<DashboardJson> {
  const [portfolio, series, recent, retail, user, [wallet], [fees]] = await Promise.all([
    getPortfolio(db, userId),
    valueOverTime(db, userId, now),
    listTransactions(db, userId, { limit: 8, offset: 0 }),
    retailLimitFor(db, userId, now),
    loadUser(db, userId),
    q<{ balance: string; held: string }>(db, sql`select balance::text, held::text from wallets where user_id = ${userId}`),
    q<{ fees: string }>(db, sql`select coalesce(sum(fee + vat), 0)::text as fees from investments where user_id = ${userId} and status = 'active'`),
  ]);
  const balance = big(wallet?.balance);
  const held = big(wallet?.held);
  const holdings = portfolio.holdings;
  return {
    wallet: { balance: balance.toString(), available: (balance - held).toString(), held: held.toString() },
    invested: portfolio.totals.cost,
    feesPaid: big(fees?.fees).toString(),
    value: portfolio.totals.currentValue,
    gain: portfolio.totals.gain,
    gainBps: portfolio.totals.gainBps,
    holdings,
    allocationByProperty: allocation(holdings.map((h) => ({ key: h.property.id, label: h.property.title, value: BigInt(h.currentValue) }))),
    allocationByCity: allocation(holdings.map((h) => ({ key: h.property.city.toLowerCase().replace(/\s+/g, '-'), label: h.property.city, value: BigInt(h.currentValue) }))),
    valueOverTime: series,
    recentTransactions: recent.items,
    retailLimit: retail,
    kycStatus: user?.kycStatus ?? 'not_started',
    kycVerified: isKycVerified(user?.kycStatus),
  };
}

// ---------------------------------------------------------------------------------------------
// Admin: reconciliation (the investments and investors lists are in admin-list.ts and admin-investors.ts)

/**
 * The books against the business tables: Σ wallets = the investor client-money liability (2100-*) in the
 * ledger, wallet by wallet; Σ shares sold = Σ units held, property by property; and the ledger's own check.
 */
export async function reconciliation(db: Db): Promise<ReconciliationJson> {
  const [[totals], walletRows, propertyRows, ledger, [trial]] = await Promise.all([
    q<{ wallets: string; ledger: string; sold: string; held: string }>(
      db,
      sql`select (select coalesce(sum(balance), 0) from wallets)::text as wallets,
                 (select coalesce(sum(b.credit - b.debit), 0) from ledger_balances b join ledger_accounts a on a.id = b.account_id
                    join ledger_accounts g on g.id = a.parent_id where g.code = ${LEDGER_ACCOUNTS.investorClientMoney})::text as ledger,
                 (select coalesce(sum(shares_sold), 0) from properties)::text as sold,
                 (select coalesce(sum(units), 0) from holdings)::text as held`,
    ),
    q<{ user_id: string; first_name: string | null; last_name: string | null; unicode: string | null; wallet: string; ledger: string }>(
      db,
      sql`with l as (select a.ref as user_id, sum(b.credit - b.debit) as ledger
                       from ledger_balances b join ledger_accounts a on a.id = b.account_id join ledger_accounts g on g.id = a.parent_id
                      where g.code = ${LEDGER_ACCOUNTS.investorClientMoney} group by a.ref)
          select coalesce(w.user_id::text, l.user_id) as user_id, u.first_name, u.last_name, u.unicode,
                 coalesce(w.balance, 0)::text as wallet, coalesce(l.ledger, 0)::text as ledger
            from wallets w full join l on l.user_id = w.user_id::text
            left join users u on u.id::text = coalesce(w.user_id::text, l.user_id)
           where coalesce(w.balance, 0) <> coalesce(l.ledger, 0) limit 100`,
    ),
    q<{ id: string; reference: string; title: string; sold: string; held: string }>(
      db,
      sql`select p.id, p.reference, p.title, p.shares_sold::text as sold, coalesce(h.units, 0)::text as held
            from properties p left join (select property_id, sum(units) as units from holdings group by property_id) h on h.property_id = p.id
           where p.shares_sold <> coalesce(h.units, 0) limit 100`,
    ),
    verifyBalances(db),
    q<{ ok: boolean }>(db, sql`select coalesce(sum(debit), 0) = coalesce(sum(credit), 0) as ok from ledger_balances`),
  ]);
  const walletsTotal = big(totals.wallets);
  const clientMoney = big(totals.ledger);
  const sold = big(totals.sold);
  const held = big(totals.held);
  const ledgerBalanced = ledger.ok && (trial?.ok === true || (trial?.ok as unknown) === 't');
  return {
    walletsTotal: walletsTotal.toString(),
    clientMoneyLedger: clientMoney.toString(),
    difference: (walletsTotal - clientMoney).toString(),
    sharesSold: sold.toString(),
    sharesHeld: held.toString(),
    sharesDifference: (sold - held).toString(),
    walletMismatches: walletRows.map((r) => ({ userId: r.user_id, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), unicode: r.unicode ?? '', wallet: big(r.wallet).toString(), ledger: big(r.ledger).toString() })),
    propertyMismatches: propertyRows.map((r) => ({ propertyId: r.id, reference: r.reference, title: r.title, sharesSold: big(r.sold).toString(), sharesHeld: big(r.held).toString() })),
    ledgerBalanced,
    ok: walletsTotal === clientMoney && sold === held && walletRows.length === 0 && propertyRows.length === 0 && ledgerBalanced,
    checkedAt: new Date().toISOString(),
  };
}
