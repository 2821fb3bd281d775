/**
 * The SIP's journal entry, one pure builder: an instalment's purchases, paid from the investor's client
 * money. One entry per instalment (however many properties it bought), so the plan page, the wallet line
 * and the ledger all name the same reference. The engine resolves the accounts and the date.
 */
import type { PostingEntry, PostingLine } from '@modules/ledger';

export type InstalmentDocument = {
  id: string;
  planReference: string;
  month: string;
  investorUnicode: string;
  purchases: { propertyReference: string; propertyAccount: string; shares: string; principal: bigint }[];
};

type Context = { investorAccount: string; date: string; authorId: string | null };

/** Dr the investor's client money (what was invested); Cr each property's holdings (its principal). */
export function instalmentPosting(doc: InstalmentDocument, ctx: Context): PostingEntry {
  const invested = doc.purchases.reduce((s, p) => s + p.principal, 0n);
  const lines: PostingLine[] = [{ accountCode: ctx.investorAccount, debit: invested, memo: `${doc.planReference} instalment for ${doc.month.slice(0, 7)}` }];
  for (const p of doc.purchases) {
    lines.push({ accountCode: p.propertyAccount, credit: p.principal, property: p.propertyReference, memo: `${p.shares} shares sold to ${doc.investorUnicode} (${doc.planReference})` });
  }
  return {
    date: ctx.date,
    memo: `SIP ${doc.planReference}: ${doc.month.slice(0, 7)} instalment invested in ${doc.purchases.length} ${doc.purchases.length === 1 ? 'property' : 'properties'}`,
    source: { module: 'sip.instalment', id: doc.id },
    authorId: ctx.authorId ?? undefined,
    lines,
  };
}
