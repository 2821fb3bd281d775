import { describe, expect, it } from 'vitest';
import { statementLineEntry, type StatementLineEntryDocument } from './postings';

const base: StatementLineEntryDocument = {
  lineId: 'line-1',
  attempt: 0,
  date: '2026-03-31',
  amount: -2_625n,
  bankLedgerCode: '1110',
  bankName: 'Emirates NBD operating',
  accountCode: '6700',
  memo: 'Account maintenance fee',
  costCenter: null,
  authorId: 'admin',
};
const side = (e: ReturnType<typeof statementLineEntry>) => e.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n, l.costCenter ?? null]);

describe('statement line entries', () => {
  it.each([
    ['money out to bank charges', { amount: -2_625n, accountCode: '6700', costCenter: 'OPS' }, [['6700', 2_625n, 0n, 'OPS'], ['1110', 0n, 2_625n, null]]],
    ['money in from interest', { amount: 4_107n, accountCode: '4910', costCenter: null }, [['1110', 4_107n, 0n, null], ['4910', 0n, 4_107n, null]]],
    ['money in on the client money account', { amount: 100_000n, accountCode: '2340', bankLedgerCode: '1120' }, [['1120', 100_000n, 0n, null], ['2340', 0n, 100_000n, null]]],
  ] as const)('%s', (_name, doc, expected) => {
    const e = statementLineEntry({ ...base, ...doc });
    expect(side(e)).toEqual(expected);
    expect(e.lines.reduce((s, l) => s + (l.debit ?? 0n) - (l.credit ?? 0n), 0n)).toBe(0n);
    expect(e.date).toBe('2026-03-31');
    expect(e.lines.every((l) => l.memo === 'Account maintenance fee')).toBe(true);
  });

  it('takes its source from the line, and a fresh one for each later attempt after a reversal', () => {
    expect(statementLineEntry(base).source).toEqual({ module: 'banking.statement-line', id: 'line-1' });
    expect(statementLineEntry({ ...base, attempt: 2 }).source).toEqual({ module: 'banking.statement-line', id: 'line-1/2' });
  });

  it('refuses a zero amount', () => {
    expect(() => statementLineEntry({ ...base, amount: 0n })).toThrow(RangeError);
  });
});
