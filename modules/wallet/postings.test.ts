import { describe, expect, it } from 'vitest';
import type { PostingEntry } from '../ledger';
import { adjustmentPosting, depositPosting, payoutReversalPosting, withdrawalPosting } from './postings';

const INVESTOR = '2100-000042';
const IBAN = 'AE070331234567890123456';
const date = '2026-03-01';

/** [account, debit, credit] per line, and the entry balances. */
const shape = (e: PostingEntry) => {
  const lines = e.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n] as const);
  const dr = lines.reduce((s, l) => s + l[1], 0n);
  const cr = lines.reduce((s, l) => s + l[2], 0n);
  expect(dr).toBe(cr);
  return lines;
};

describe('wallet posting builders', () => {
  const deposit = { id: 'd1', amount: 200_000n, charge: 5_000n, vat: 250n, net: 194_750n, chargeBps: 250, methodName: 'Credit card', providerRef: 'pi_1' };
  it.each([
    ['card deposit with a charge', { ...deposit, rail: 'card' as const }, [['1210', 200_000n, 0n], [INVESTOR, 0n, 194_750n], ['4130', 0n, 5_000n], ['2410', 0n, 250n]]],
    ['bank transfer deposit', { ...deposit, rail: 'bank_transfer' as const }, [['1220', 200_000n, 0n], [INVESTOR, 0n, 194_750n], ['4130', 0n, 5_000n], ['2410', 0n, 250n]]],
    ['deposit without a charge', { ...deposit, rail: 'card' as const, charge: 0n, vat: 0n, net: 200_000n }, [['1210', 200_000n, 0n], [INVESTOR, 0n, 200_000n]]],
  ])('depositPosting: %s', (_name, doc, lines) => {
    const entry = depositPosting(doc, { investorAccount: INVESTOR, date });
    expect(shape(entry)).toEqual(lines);
    expect(entry.source).toEqual({ module: 'wallet.deposit', id: 'd1' });
    expect(entry.date).toBe(date);
  });

  it('withdrawalPosting: Dr the investor, Cr the client-money bank', () => {
    const entry = withdrawalPosting({ id: 'w1', amount: 60_000n, iban: IBAN }, { investorAccount: INVESTOR, date, authorId: 'admin' });
    expect(shape(entry)).toEqual([[INVESTOR, 60_000n, 0n], ['1120', 0n, 60_000n]]);
    expect(entry.source).toEqual({ module: 'wallet.withdrawal', id: 'w1' });
    expect(entry.memo).toContain('AE07 •••• 3456');
  });

  it('payoutReversalPosting mirrors the withdrawal under its own source', () => {
    const w = { id: 'w1', amount: 60_000n, iban: IBAN };
    const out = withdrawalPosting(w, { investorAccount: INVESTOR, date, authorId: null });
    const back = payoutReversalPosting({ ...w, reason: 'bank refused' }, { investorAccount: INVESTOR, date });
    expect(shape(back)).toEqual(shape(out).map(([a, d, c]) => [a, c, d]).reverse());
    expect(back.source).toEqual({ module: 'wallet.withdrawal.reversal', id: 'w1' });
  });

  it.each([
    ['credit', 25_000n, [['1120', 25_000n, 0n], [INVESTOR, 0n, 25_000n]]],
    ['debit', -5_000n, [[INVESTOR, 5_000n, 0n], ['1120', 0n, 5_000n]]],
  ])('adjustmentPosting: %s', (_name, amount, lines) => {
    const entry = adjustmentPosting({ id: 'a1', amount, reason: 'Goodwill credit' }, { investorAccount: INVESTOR, date, authorId: 'admin' });
    expect(shape(entry)).toEqual(lines);
    expect(entry.source).toEqual({ module: 'wallet.adjustment', id: 'a1' });
  });
});
