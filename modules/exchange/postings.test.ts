import { describe, expect, it } from 'vitest';
import { LEDGER_ACCOUNTS } from '@modules/ledger';
import { tradePosting } from './postings';

const doc = { id: 't1', reference: 'TRD-000001', propertyReference: 'MZ-DXB-001', shares: '2.5', gross: 300_000n, earlyExitFee: 1_500n, performanceFee: 100n, vat: 80n, net: 298_320n, buyerUnicode: 'MZ-B', sellerUnicode: 'MZ-S' };
const sum = (lines: { debit?: bigint; credit?: bigint }[], k: 'debit' | 'credit') => lines.reduce((s, l) => s + (l[k] ?? 0n), 0n);

describe('exchange postings', () => {
  it.each([
    ['with every fee', doc, 5],
    ['without fees (held 3 years, sold at a loss)', { ...doc, earlyExitFee: 0n, performanceFee: 0n, vat: 0n, net: 300_000n }, 2],
    ['with only the early exit fee', { ...doc, performanceFee: 0n, vat: 75n, net: 298_425n }, 4],
  ])('a trade %s: buyer pays gross, seller gets net, fees to income and VAT, balanced', (_name, d, lines) => {
    const e = tradePosting(d, { buyerAccount: '2100-MZ-B', sellerAccount: '2100-MZ-S', date: '2026-11-26' });
    expect(e.source).toEqual({ module: 'exchange.trade', id: 't1' });
    expect(e.lines).toHaveLength(lines);
    expect(e.lines[0]).toMatchObject({ accountCode: '2100-MZ-B', debit: d.gross });
    expect(e.lines[1]).toMatchObject({ accountCode: '2100-MZ-S', credit: d.net });
    expect(sum(e.lines, 'debit')).toBe(sum(e.lines, 'credit'));
    const fee = (code: string) => e.lines.find((l) => l.accountCode === code)?.credit ?? 0n;
    expect(fee(LEDGER_ACCOUNTS.earlyExitFees)).toBe(d.earlyExitFee);
    expect(fee(LEDGER_ACCOUNTS.performanceFees)).toBe(d.performanceFee);
    expect(fee(LEDGER_ACCOUNTS.vatOutput)).toBe(d.vat);
  });
});
