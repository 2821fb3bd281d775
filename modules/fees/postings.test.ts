import { describe, expect, it } from 'vitest';
import { LEDGER_ACCOUNTS as A } from '@modules/ledger';
import { chargePosting, collectionPosting } from './postings';

const sum = (lines: { debit?: bigint; credit?: bigint }[], k: 'debit' | 'credit') => lines.reduce((s, l) => s + (l[k] ?? 0n), 0n);
const doc = { id: 'c1', reference: 'FC-000001', investorUnicode: 'MZ-AISHA1', fromDate: '2026-11-01', through: '2026-11-30', fee: 4_932n, vat: 247n };
const ctx = { investorAccount: '2100-MZ-AISHA1', date: '2026-12-01' };
const amount = (lines: { accountCode: string; debit?: bigint; credit?: bigint }[], code: string, k: 'debit' | 'credit') => lines.find((l) => l.accountCode === code)?.[k] ?? 0n;

describe('platform fee postings', () => {
  it.each([
    ['paid in full from the wallet', 5_179n, 0n, 3],
    ['partly paid: the rest is a receivable', 1_000n, 4_179n, 4],
    ['nothing in the wallet: all receivable', 0n, 5_179n, 3],
  ])('a charge %s: Dr client money (paid) and 1310 (owed), Cr 4110 fee and 2410 VAT, balanced', (_name, paid, outstanding, lines) => {
    const e = chargePosting({ ...doc, paid, outstanding }, ctx);
    expect(e.source).toEqual({ module: 'fees.charge', id: 'c1' });
    expect(e.date).toBe('2026-12-01');
    expect(e.lines).toHaveLength(lines);
    expect(amount(e.lines, ctx.investorAccount, 'debit')).toBe(paid);
    expect(amount(e.lines, A.feesReceivable, 'debit')).toBe(outstanding);
    expect(amount(e.lines, A.platformFees, 'credit')).toBe(4_932n);
    expect(amount(e.lines, A.vatOutput, 'credit')).toBe(247n);
    expect(sum(e.lines, 'debit')).toBe(sum(e.lines, 'credit'));
  });

  it('refuses a charge whose paid and owed parts do not make fee + VAT', () => {
    expect(() => chargePosting({ ...doc, paid: 100n, outstanding: 100n }, ctx)).toThrow(RangeError);
  });

  it('a collection moves a receivable into the wallet debit: Dr client money, Cr 1310', () => {
    const e = collectionPosting({ id: 'k1', chargeReference: 'FC-000001', investorUnicode: 'MZ-AISHA1', amount: 2_500n }, ctx);
    expect(e.source).toEqual({ module: 'fees.collection', id: 'k1' });
    expect(e.lines).toEqual([
      expect.objectContaining({ accountCode: ctx.investorAccount, debit: 2_500n }),
      expect.objectContaining({ accountCode: A.feesReceivable, credit: 2_500n }),
    ]);
    expect(() => collectionPosting({ id: 'k2', chargeReference: 'x', investorUnicode: 'y', amount: 0n }, ctx)).toThrow(RangeError);
  });
});
