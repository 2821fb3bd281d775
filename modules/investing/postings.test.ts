import { describe, expect, it } from 'vitest';
import type { PostingEntry } from '../ledger';
import { cancellationPosting, purchasePosting } from './postings';

const ctx = { investorAccount: '2100-000042', propertyAccount: '1500-000007', date: '2026-03-01', authorId: 'u1' };
const doc = { id: 'i1', shares: '2.5', principal: 250_000n, fee: 5_000n, vat: 250n, total: 255_250n, property: { reference: 'MZ-DXB-001', title: 'Marina Heights' }, investorUnicode: 'MZ123' };

const shape = (e: PostingEntry) => {
  const lines = e.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n] as const);
  expect(lines.reduce((s, l) => s + l[1], 0n)).toBe(lines.reduce((s, l) => s + l[2], 0n));
  return lines;
};

describe('investing posting builders', () => {
  it.each([
    ['with a fee and VAT', doc, [['2100-000042', 255_250n, 0n], ['1500-000007', 0n, 250_000n], ['4130', 0n, 5_000n], ['2410', 0n, 250n]]],
    ['without a fee', { ...doc, fee: 0n, vat: 0n, total: 250_000n }, [['2100-000042', 250_000n, 0n], ['1500-000007', 0n, 250_000n]]],
  ])('purchasePosting %s', (_name, d, lines) => {
    const entry = purchasePosting(d, ctx);
    expect(shape(entry)).toEqual(lines);
    expect(entry.source).toEqual({ module: 'investing.purchase', id: 'i1' });
    expect(entry.lines[1].property).toBe('MZ-DXB-001');
  });

  it.each([
    ['with a fee and VAT', doc, [['1500-000007', 250_000n, 0n], ['4130', 5_000n, 0n], ['2410', 250n, 0n], ['2100-000042', 0n, 255_250n]]],
    ['without a fee', { ...doc, fee: 0n, vat: 0n, total: 250_000n }, [['1500-000007', 250_000n, 0n], ['2100-000042', 0n, 250_000n]]],
  ])('cancellationPosting %s mirrors the purchase', (_name, d, lines) => {
    const entry = cancellationPosting({ ...d, receipt: 'MZI-000001', windowHours: 48 }, ctx);
    expect(shape(entry)).toEqual(lines);
    expect(entry.source).toEqual({ module: 'investing.cancellation', id: 'i1' });
    expect(entry.memo).toContain('MZI-000001');
  });
});
