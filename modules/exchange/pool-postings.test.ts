import { describe, expect, it } from 'vitest';
import { LEDGER_ACCOUNTS, type PostingEntry } from '@modules/ledger';
import { exitHolderPosting, exitPoolPosting, exitSalePosting, poolSalePosting } from './postings';

const sums = (e: PostingEntry) => ({
  debit: e.lines.reduce((s, l) => s + (l.debit ?? 0n), 0n),
  credit: e.lines.reduce((s, l) => s + (l.credit ?? 0n), 0n),
});
const on = (e: PostingEntry, code: string) => e.lines.filter((l) => l.accountCode === code).map((l) => (l.debit ?? 0n) - (l.credit ?? 0n)).reduce((s, v) => s + v, 0n);
const ctx = { date: '2026-05-01', authorId: null };

describe('pool and exit postings', () => {
  it('a sale to the pool: inventory at gross, the seller net, fees, and the treasury leg for the net', () => {
    const e = poolSalePosting(
      { id: 't1', reference: 'TRD-000001', propertyReference: 'MZ-1', shares: '5', gross: 539_000n, earlyExitFee: 2_695n, performanceFee: 78n, vat: 139n, net: 536_088n, sellerUnicode: 'MZ-A' },
      { ...ctx, sellerAccount: '2100-MZ-A' },
    );
    expect(sums(e)).toEqual({ debit: 539_000n + 536_088n, credit: 539_000n + 536_088n });
    expect(on(e, LEDGER_ACCOUNTS.liquidityPool)).toBe(539_000n);
    expect(on(e, '2100-MZ-A')).toBe(-536_088n);
    expect(on(e, LEDGER_ACCOUNTS.bankClientMoney)).toBe(536_088n);
    expect(on(e, LEDGER_ACCOUNTS.bankOperating)).toBe(-536_088n);
    expect(on(e, LEDGER_ACCOUNTS.earlyExitFees) + on(e, LEDGER_ACCOUNTS.performanceFees) + on(e, LEDGER_ACCOUNTS.vatOutput)).toBe(-(2_695n + 78n + 139n));
  });

  it('an exit revalues the property account to the net proceeds (gain or loss), then pays it out to zero', () => {
    const gain = exitSalePosting({ id: 'x', reference: 'EXT-000001', propertyReference: 'MZ-1', title: 'T', netProceeds: 1_200n, carried: 1_000n, saleDate: '2026-04-30' }, { ...ctx, propertyAccount: '1500-MZ-1' })!;
    expect(on(gain, '1500-MZ-1')).toBe(-200n);
    expect(on(gain, LEDGER_ACCOUNTS.bankClientMoney)).toBe(200n);
    const loss = exitSalePosting({ id: 'x', reference: 'EXT-000001', propertyReference: 'MZ-1', title: 'T', netProceeds: 900n, carried: 1_000n, saleDate: '2026-04-30' }, { ...ctx, propertyAccount: '1500-MZ-1' })!;
    expect(on(loss, '1500-MZ-1')).toBe(100n);
    expect(sums(loss).debit).toBe(sums(loss).credit);
    expect(exitSalePosting({ id: 'x', reference: 'E', propertyReference: 'MZ-1', title: 'T', netProceeds: 1_000n, carried: 1_000n, saleDate: '2026-04-30' }, { ...ctx, propertyAccount: '1500-MZ-1' })).toBeNull();

    const holder = exitHolderPosting(
      { id: 'h', reference: 'EXT-000001', exitReference: 'EXT-000001', propertyReference: 'MZ-1', shares: '1', gross: 700n, earlyExitFee: 0n, performanceFee: 2n, vat: 0n, net: 698n, buyerUnicode: '', sellerUnicode: 'MZ-A' },
      { ...ctx, propertyAccount: '1500-MZ-1', sellerAccount: '2100-MZ-A' },
    );
    expect(sums(holder)).toEqual({ debit: 700n, credit: 700n });
    expect(holder.lines.some((l) => l.accountCode === LEDGER_ACCOUNTS.vatOutput)).toBe(false);
    for (const [gross, cost, result] of [
      [500n, 450n, -50n],
      [400n, 450n, 50n],
    ] as const) {
      const pool = exitPoolPosting({ id: 'p', exitReference: 'EXT-000001', propertyReference: 'MZ-1', shares: '1', gross, cost }, { ...ctx, propertyAccount: '1500-MZ-1' });
      expect(sums(pool).debit).toBe(sums(pool).credit);
      expect(on(pool, LEDGER_ACCOUNTS.liquidityPool)).toBe(-cost);
      expect(on(pool, LEDGER_ACCOUNTS.liquidityPoolResults)).toBe(result);
      expect(on(pool, LEDGER_ACCOUNTS.bankOperating)).toBe(gross);
    }
    // 1,200 carried after the sale = 700 + 500 paid out: the property account ends at zero.
    expect(on(gain, '1500-MZ-1') - 1_000n + on(holder, '1500-MZ-1') + 500n).toBe(0n);
  });
});
