import { describe, expect, it } from 'vitest';
import { adjustmentPosting, paymentPosting, settlementPosting } from './postings';

const lines = (e: { lines: { accountCode: string; debit?: bigint; credit?: bigint }[] } | null) =>
  e?.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n]) ?? null;

describe('settlementPosting: filing moves the period VAT to 2420, dated the last day', () => {
  it.each([
    { name: 'payable', out: 50_000n, inp: 20_000n, want: [['2410', 50_000n, 0n], ['1410', 0n, 20_000n], ['2420', 0n, 30_000n]] },
    { name: 'refundable', out: 10_000n, inp: 25_000n, want: [['2410', 10_000n, 0n], ['1410', 0n, 25_000n], ['2420', 15_000n, 0n]] },
    { name: 'output equals input: no 2420 line', out: 7_000n, inp: 7_000n, want: [['2410', 7_000n, 0n], ['1410', 0n, 7_000n]] },
    { name: 'no input VAT', out: 9_000n, inp: 0n, want: [['2410', 9_000n, 0n], ['2420', 0n, 9_000n]] },
    { name: 'negative output (credit notes outweigh sales)', out: -4_000n, inp: 1_000n, want: [['2410', 0n, 4_000n], ['1410', 0n, 1_000n], ['2420', 5_000n, 0n]] },
    { name: 'nothing at all', out: 0n, inp: 0n, want: null },
  ])('$name', ({ out, inp, want }) => {
    const e = settlementPosting({ period: '2026-Q1', to: '2026-03-31', outputVat: out, inputVat: inp });
    expect(lines(e)).toEqual(want);
    if (e) {
      expect(e).toMatchObject({ date: '2026-03-31', source: { module: 'tax.vat-return', id: '2026-Q1' } });
      const d = e.lines.reduce((s, l) => s + (l.debit ?? 0n), 0n);
      const c = e.lines.reduce((s, l) => s + (l.credit ?? 0n), 0n);
      expect(d).toBe(c);
    }
  });
});

describe('paymentPosting: the payment to the FTA through the bank account', () => {
  it.each([
    { net: 30_000n, want: [['2420', 30_000n, 0n], ['1110', 0n, 30_000n]] },
    { net: -15_000n, want: [['1110', 15_000n, 0n], ['2420', 0n, 15_000n]] },
  ])('net $net', ({ net, want }) => {
    const e = paymentPosting({ period: '2026-Q1', date: '2026-04-20', net, bankLedgerAccount: '1110' });
    expect(lines(e)).toEqual(want);
    expect(e).toMatchObject({ date: '2026-04-20', source: { module: 'tax.vat-payment', id: '2026-Q1' } });
  });
});

describe('adjustmentPosting: the VAT account against the named account', () => {
  it.each([
    { box: '1b', vat: 500n, want: [['6510', 500n, 0n], ['2410', 0n, 500n]] },
    { box: '1b', vat: -500n, want: [['6510', 0n, 500n], ['2410', 500n, 0n]] },
    { box: '3', vat: 200n, want: [['6510', 200n, 0n], ['2410', 0n, 200n]] },
    { box: '9', vat: 300n, want: [['6510', 0n, 300n], ['1410', 300n, 0n]] },
    { box: '10', vat: -300n, want: [['6510', 300n, 0n], ['1410', 0n, 300n]] },
  ] as const)('box $box, VAT $vat', ({ box, vat, want }) => {
    const e = adjustmentPosting({ id: 'a1', date: '2026-02-10', box, vat, memo: 'Bad debt relief', accountCode: '6510' });
    expect(lines(e)).toEqual(want);
    expect(e.source).toEqual({ module: 'tax.adjustment', id: 'a1' });
    expect(e.memo).toBe(`VAT adjustment, box ${box}: Bad debt relief`);
  });
});
