/**
 * The platform fee's journal entries, one pure builder per document (decision 016). The run resolves the
 * investor's client-money account and the date.
 *   A charge:      Dr the investor's client money (what the wallet paid now), Dr 1310 Fees receivable (the rest);
 *                  Cr 4110 Platform fees (the fee), Cr 2410 VAT output (the VAT).
 *   A collection:  Dr the investor's client money, Cr 1310 (a receivable settled from the wallet later).
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '@modules/ledger';

export type ChargeDocument = {
  id: string;
  /** FC-000123 */
  reference: string;
  investorUnicode: string;
  fromDate: string;
  through: string;
  fee: bigint;
  vat: bigint;
  /** Taken from the wallet now. */
  paid: bigint;
  /** Left owed: fee + vat − paid. */
  outstanding: bigint;
};

type Context = { investorAccount: string; date: string; authorId?: string | null };

const nonZero = (lines: PostingLine[]) => lines.filter((l) => (l.debit ?? 0n) > 0n || (l.credit ?? 0n) > 0n);

export function chargePosting(d: ChargeDocument, ctx: Context): PostingEntry {
  if (d.paid < 0n || d.outstanding < 0n || d.paid + d.outstanding !== d.fee + d.vat) throw new RangeError('a charge is paid and owed in full: paid + outstanding = fee + VAT');
  const window = `${d.fromDate} to ${d.through}`;
  return {
    date: ctx.date,
    memo: `Platform fee ${d.reference}: ${d.investorUnicode}, ${window}`,
    source: { module: 'fees.charge', id: d.id },
    authorId: ctx.authorId ?? null,
    lines: nonZero([
      { accountCode: ctx.investorAccount, debit: d.paid, memo: `Platform fee and VAT paid from the wallet, ${d.reference}` },
      { accountCode: LEDGER_ACCOUNTS.feesReceivable, debit: d.outstanding, memo: `Platform fee owed by ${d.investorUnicode}, ${d.reference}` },
      { accountCode: LEDGER_ACCOUNTS.platformFees, credit: d.fee, memo: `Platform fee 0.5% a year, ${window}, ${d.reference}` },
      { accountCode: LEDGER_ACCOUNTS.vatOutput, credit: d.vat, memo: `VAT 5% on the platform fee, ${d.reference}` },
    ]),
  };
}

export type CollectionDocument = { id: string; chargeReference: string; investorUnicode: string; amount: bigint };

export function collectionPosting(d: CollectionDocument, ctx: Context): PostingEntry {
  if (d.amount <= 0n) throw new RangeError('a collection is more than zero');
  return {
    date: ctx.date,
    memo: `Platform fee ${d.chargeReference} collected from ${d.investorUnicode}'s wallet`,
    source: { module: 'fees.collection', id: d.id },
    authorId: ctx.authorId ?? null,
    lines: [
      { accountCode: ctx.investorAccount, debit: d.amount, memo: `Owed platform fee paid from the wallet, ${d.chargeReference}` },
      { accountCode: LEDGER_ACCOUNTS.feesReceivable, credit: d.amount, memo: `Platform fee receivable settled, ${d.chargeReference}` },
    ],
  };
}
