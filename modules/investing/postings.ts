/**
 * Investing's journal entries, one pure builder per document: a purchase of shares from the wallet and its
 * cancellation within 48 hours (the mirror image, a full refund). The service resolves the accounts and the
 * date, then calls these; nothing else in investing writes journal lines.
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '../ledger';

export type PurchaseDocument = {
  id: string;
  /** Whole-share label of the units bought ("12.5"). */
  shares: string;
  principal: bigint;
  fee: bigint;
  vat: bigint;
  total: bigint;
  property: { reference: string; title: string };
  investorUnicode: string;
};

type Accounts = { investorAccount: string; propertyAccount: string; date: string; authorId: string };

/** Dr the investor's client money (total); Cr the property's holdings (principal), the purchase fee and its VAT. */
export function purchasePosting(p: PurchaseDocument, ctx: Accounts): PostingEntry {
  const lines: PostingLine[] = [
    { accountCode: ctx.investorAccount, debit: p.total, memo: `Purchase of ${p.shares} shares of ${p.property.reference}` },
    { accountCode: ctx.propertyAccount, credit: p.principal, property: p.property.reference, memo: `${p.shares} shares sold to ${p.investorUnicode}` },
  ];
  if (p.fee > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.transactionFees, credit: p.fee, memo: 'Purchase fee' });
  if (p.vat > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.vatOutput, credit: p.vat, memo: 'VAT 5% on the purchase fee' });
  return { date: ctx.date, memo: `Investment in ${p.property.title} (${p.property.reference})`, source: { module: 'investing.purchase', id: p.id }, authorId: ctx.authorId, lines };
}

export type CancellationDocument = PurchaseDocument & { receipt: string; windowHours: number };

/** The purchase's mirror image: Dr the property, the fee and the VAT; Cr the investor with the full refund. */
export function cancellationPosting(c: CancellationDocument, ctx: Accounts): PostingEntry {
  const lines: PostingLine[] = [{ accountCode: ctx.propertyAccount, debit: c.principal, property: c.property.reference, memo: `${c.shares} shares returned by ${c.investorUnicode}` }];
  if (c.fee > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.transactionFees, debit: c.fee, memo: 'Purchase fee refunded' });
  if (c.vat > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.vatOutput, debit: c.vat, memo: 'VAT on the purchase fee refunded' });
  lines.push({ accountCode: ctx.investorAccount, credit: c.total, memo: `Refund of ${c.receipt}` });
  return {
    date: ctx.date,
    memo: `Cancellation of investment ${c.receipt} within ${c.windowHours} hours: full refund`,
    source: { module: 'investing.cancellation', id: c.id },
    authorId: ctx.authorId,
    lines,
  };
}
