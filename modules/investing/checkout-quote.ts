/** The checkout quote: what an amount buys, its fees and VAT, and what stops the purchase. Nothing is reserved. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { isKycVerified } from '../auth/contract';
import { big, loadUser, q } from '../wallet';
import { investingErrorCodes as codes, investingMessages as msg, unitsToShares, type CheckoutBlocker, type CheckoutQuote, type InvestInput } from './contract';
import { findProperty, maxAmountFor, priceFor, propertyRef } from './property-reads';
import { retailLimitFor } from './retail-limit';
import { quoteTermsOf } from '../properties/contract';
import { settingsOn } from '../settings';

export async function checkoutQuote(db: Db, userId: string, input: InvestInput, now = new Date()): Promise<CheckoutQuote> {
  const property = await findProperty(db, input.propertyId);
  if (!property) throw notFound(msg.propertyNotFound, codes.propertyNotFound);
  const [user, retail, [wallet], settings] = await Promise.all([
    loadUser(db, userId),
    retailLimitFor(db, userId, now),
    q<{ available: string }>(db, sql`select (balance - held)::text as available from wallets where user_id = ${userId}`),
    settingsOn(db),
  ]);
  const terms = quoteTermsOf(settings);
  const quote = priceFor(property, input.amount, terms);
  const available = big(wallet?.available);
  const blockers: CheckoutBlocker[] = [];
  if (!isKycVerified(user?.kycStatus)) blockers.push({ code: 'kyc_required', message: msg.kycRequired, link: '/kyc' });
  if (property.status !== 'funding') blockers.push({ code: 'property_not_open', message: msg.propertyNotOpen(property.title, property.status) });
  if (input.amount < terms.minimum) blockers.push({ code: 'below_minimum', message: msg.belowMinimum(terms.minimum) });
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
    minimum: terms.minimum.toString(),
    blockers,
    canInvest: blockers.length === 0,
  };
}
