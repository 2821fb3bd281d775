/**
 * The exchange's journal entries, one pure builder per document. A trade between two investors moves client
 * money from the buyer to the seller (net) and the fees out of the seller's proceeds to income and VAT; the
 * property vehicle's holdings do not change (its shares only change hands). The caller resolves the accounts
 * and the date.
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '@modules/ledger';

export type TradeDocument = {
  id: string;
  reference: string;
  propertyReference: string;
  shares: string;
  gross: bigint;
  earlyExitFee: bigint;
  performanceFee: bigint;
  vat: bigint;
  net: bigint;
  buyerUnicode: string;
  sellerUnicode: string;
};

/** The fee lines of a sale out of its gross: early exit fee, performance fee, VAT on them (zero lines left out). */
export function saleFeeLines(d: { reference: string; earlyExitFee: bigint; performanceFee: bigint; vat: bigint }): PostingLine[] {
  const lines: PostingLine[] = [];
  if (d.earlyExitFee > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.earlyExitFees, credit: d.earlyExitFee, memo: `Early exit fee 0.5%, ${d.reference}` });
  if (d.performanceFee > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.performanceFees, credit: d.performanceFee, memo: `Performance fee 0.20% of the profit, ${d.reference}` });
  if (d.vat > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.vatOutput, credit: d.vat, memo: `VAT 5% on the fees, ${d.reference}` });
  return lines;
}

/** Dr the buyer's client money (gross); Cr the seller's client money (net) and the fees and their VAT. */
export function tradePosting(d: TradeDocument, ctx: { buyerAccount: string; sellerAccount: string; date: string }): PostingEntry {
  const lines: PostingLine[] = [
    { accountCode: ctx.buyerAccount, debit: d.gross, property: d.propertyReference, memo: `${d.shares} shares bought from ${d.sellerUnicode}, ${d.reference}` },
    { accountCode: ctx.sellerAccount, credit: d.net, property: d.propertyReference, memo: `${d.shares} shares sold to ${d.buyerUnicode}, net of fees, ${d.reference}` },
    ...saleFeeLines(d),
  ];
  return { date: ctx.date, memo: `Exchange trade ${d.reference}: ${d.shares} shares of ${d.propertyReference}`, source: { module: 'exchange.trade', id: d.id }, authorId: null, lines };
}
