/**
 * Distributions' journal entries, one pure builder per document (decision 016):
 *   a recorded rent receipt   Dr 1140 property rent account / Cr 4200 rental income
 *   a recorded property cost  Dr 5110–5150 / Cr 1140
 *   a paid run                Dr 3300 (amount + reserve); Cr each holder's 2100-* (net), 1310 (fees netted),
 *                             4920 (the liquidity pool's own share), 2210 (the reserve);
 *                             and its cash: Dr 1120 (what investors are paid), Dr 1110 (the pool's share) / Cr 1140 (amount).
 * Every line carries the property's reference on the property dimension.
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '@modules/ledger';
import { recordKindLabels, type RecordKind } from './contract';
import { RECORD_SOURCE, RUN_SOURCE } from './shared';

/** The ledger account each kind of record posts to (rent: the income side; a cost: the expense side). */
export const RECORD_ACCOUNTS: Record<RecordKind, string> = {
  rent: LEDGER_ACCOUNTS.rentalIncome,
  service_charges: LEDGER_ACCOUNTS.serviceCharges,
  maintenance: LEDGER_ACCOUNTS.maintenance,
  management: LEDGER_ACCOUNTS.managementFees,
  insurance: LEDGER_ACCOUNTS.insurance,
  vacancy: LEDGER_ACCOUNTS.vacancyCosts,
};

export type RecordDocument = {
  id: string;
  /** REC-000123 */
  number: string;
  kind: RecordKind;
  amount: bigint;
  period: string;
  date: string;
  description: string;
  property: { reference: string; title: string };
  authorId: string | null;
};

export function recordPosting(r: RecordDocument): PostingEntry {
  if (r.amount <= 0n) throw new RangeError('a record must be positive');
  const property = r.property.reference;
  const memo = `${recordKindLabels[r.kind]}, ${r.period}: ${r.description}`.slice(0, 300);
  const lines: PostingLine[] =
    r.kind === 'rent'
      ? [
          { accountCode: LEDGER_ACCOUNTS.propertyRentAccount, debit: r.amount, property, memo },
          { accountCode: RECORD_ACCOUNTS.rent, credit: r.amount, property, memo },
        ]
      : [
          { accountCode: RECORD_ACCOUNTS[r.kind], debit: r.amount, property, memo },
          { accountCode: LEDGER_ACCOUNTS.propertyRentAccount, credit: r.amount, property, memo },
        ];
  return {
    date: r.date,
    memo: `${recordKindLabels[r.kind]} for ${r.property.title} (${r.property.reference}), ${r.period}, ${r.number}`,
    source: { module: RECORD_SOURCE, id: r.id },
    authorId: r.authorId,
    lines,
  };
}

export type RunPostingLine =
  | { kind: 'investor'; accountCode: string; unicode: string; amount: bigint; netted: bigint }
  | { kind: 'pool'; amount: bigint };

export type RunDocument = {
  id: string;
  /** DIST-000123 */
  number: string;
  period: string;
  date: string;
  reserve: bigint;
  property: { reference: string; title: string };
  lines: RunPostingLine[];
  authorId: string | null;
};

/** One entry for a paid run. Lines with nothing to post (a zero amount) are left out. */
export function runPosting(d: RunDocument): PostingEntry {
  const property = d.property.reference;
  const amount = d.lines.reduce((s, l) => s + l.amount, 0n);
  if (amount <= 0n) throw new RangeError('a paid distribution must be positive');
  if (d.reserve < 0n) throw new RangeError('a reserve cannot be negative');
  let netted = 0n;
  let pool = 0n;
  const holderLines: PostingLine[] = [];
  for (const l of d.lines) {
    if (l.kind === 'pool') {
      pool += l.amount;
      continue;
    }
    if (l.netted < 0n || l.netted > l.amount) throw new RangeError('fees netted must be within the line');
    netted += l.netted;
    const net = l.amount - l.netted;
    if (net > 0n) holderLines.push({ accountCode: l.accountCode, credit: net, property, memo: `Rent ${d.period} to ${l.unicode}, ${d.number}` });
  }
  const lines: PostingLine[] = [
    { accountCode: LEDGER_ACCOUNTS.distributionsToInvestors, debit: amount + d.reserve, property, memo: `Distribution ${d.period}${d.reserve > 0n ? ' and reserve' : ''}, ${d.number}` },
    ...holderLines,
  ];
  if (netted > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.feesReceivable, credit: netted, property, memo: `Unpaid platform fees netted from ${d.number}` });
  if (pool > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.liquidityPoolResults, credit: pool, property, memo: `The liquidity pool's share of ${d.number}` });
  if (d.reserve > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.propertyReserves, credit: d.reserve, property, memo: `Reserve kept back from ${d.period}, ${d.number}` });
  if (amount - pool > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.bankClientMoney, debit: amount - pool, property, memo: `Rent paid to investors, ${d.number}` });
  if (pool > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.bankOperating, debit: pool, property, memo: `The liquidity pool's share stays with the operator, ${d.number}` });
  lines.push({ accountCode: LEDGER_ACCOUNTS.propertyRentAccount, credit: amount, property, memo: `Rent distributed, ${d.number}` });
  return {
    date: d.date,
    memo: `Distribution ${d.number}: rent for ${d.period} from ${d.property.title} (${d.property.reference})`,
    source: { module: RUN_SOURCE, id: d.id },
    authorId: d.authorId,
    lines,
  };
}
