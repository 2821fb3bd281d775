import { describe, expect, it } from 'vitest';
import type { PostingEntry } from '@modules/ledger';
import { billPosting, debitNotePosting, paymentPosting, receiptPosting, type BillPostingLine } from './postings';

type Row = [string, bigint, bigint, string | null, string | null];
const side = (e: PostingEntry): Row[] => e.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n, l.costCenter ?? null, l.property ?? null]);
const balanced = (e: PostingEntry) => e.lines.reduce((s, l) => s + (l.debit ?? 0n) - (l.credit ?? 0n), 0n) === 0n;
const CC = 'PROP-DXB-001';
const P = 'MZ-DXB-001';
const none = { costCenter: null, property: null };
const on = { costCenter: CC, property: P };

describe('receipt posting', () => {
  it('Dr each line’s expense account / Cr 2330 at the order price, with the line’s dimensions; zero lines left out', () => {
    const e = receiptPosting({
      id: 'r1',
      number: 'GRN-2026-0001',
      orderNumber: 'PO-2026-0001',
      supplierName: 'Al Noor Maintenance',
      date: '2026-03-10',
      authorId: null,
      lines: [
        { description: 'AC service', expenseAccountCode: '5120', value: 150_000n, ...on },
        { description: 'Filters', expenseAccountCode: '5120', value: 0n, ...on },
        { description: 'Office cleaning', expenseAccountCode: '6210', value: 20_000n, ...none },
      ],
    });
    expect(side(e)).toEqual([
      ['5120', 150_000n, 0n, CC, P],
      ['2330', 0n, 150_000n, CC, P],
      ['6210', 20_000n, 0n, null, null],
      ['2330', 0n, 20_000n, null, null],
    ]);
    expect(e.source).toEqual({ module: 'purchasing.receipt', id: 'r1' });
    expect(balanced(e)).toBe(true);
  });
  it('refuses a receipt with no value', () => {
    expect(() => receiptPosting({ id: 'r', number: 'G', orderNumber: 'P', supplierName: 'S', date: '2026-03-10', authorId: null, lines: [] })).toThrow(RangeError);
  });
});

describe('bill posting', () => {
  const bill = (lines: BillPostingLine[], d: { costCenter: string | null; property: string | null } = none) => billPosting({ id: 'b1', number: 'BILL-2026-0001', supplierBillNumber: 'INV-77', supplierName: 'Supplier', date: '2026-03-15', authorId: 'u', lines, ...d });
  const line = (over: Partial<BillPostingLine>): BillPostingLine => ({ description: 'Work', expenseAccountCode: '5120', taxCode: 'standard', net: 100_000n, vat: 5_000n, cleared: null, ...on, ...over });

  it.each<[string, BillPostingLine[], Row[]]>([
    ['an order line billed at the order price: Dr 2330 only', [line({ cleared: 100_000n })], [['2330', 100_000n, 0n, CC, P], ['1410', 5_000n, 0n, null, null], ['2310', 0n, 105_000n, null, null]]],
    [
      'a price above the order: the variance Dr the expense account',
      [line({ net: 102_000n, vat: 5_100n, cleared: 100_000n })],
      [['2330', 100_000n, 0n, CC, P], ['5120', 2_000n, 0n, CC, P], ['1410', 5_100n, 0n, null, null], ['2310', 0n, 107_100n, null, null]],
    ],
    [
      'a price below the order: the variance Cr the expense account',
      [line({ net: 98_000n, vat: 4_900n, cleared: 100_000n })],
      [['2330', 100_000n, 0n, CC, P], ['5120', 0n, 2_000n, CC, P], ['1410', 4_900n, 0n, null, null], ['2310', 0n, 102_900n, null, null]],
    ],
    ['a direct bill: Dr expense with its dimensions', [line({})], [['5120', 100_000n, 0n, CC, P], ['1410', 5_000n, 0n, null, null], ['2310', 0n, 105_000n, null, null]]],
    [
      'reverse charge: no VAT charged, 5% self-accounted Dr 1410 / Cr 2410',
      [line({ taxCode: 'reverse_charge', vat: 0n, expenseAccountCode: '6310', ...none })],
      [['6310', 100_000n, 0n, null, null], ['1410', 5_000n, 0n, null, null], ['2410', 0n, 5_000n, null, null], ['2310', 0n, 100_000n, null, null]],
    ],
    [
      'imported goods: as reverse charge',
      [line({ taxCode: 'import', vat: 0n, net: 33_333n, cleared: 33_333n })],
      [['2330', 33_333n, 0n, CC, P], ['1410', 1_667n, 0n, null, null], ['2410', 0n, 1_667n, null, null], ['2310', 0n, 33_333n, null, null]],
    ],
    ['exempt: no VAT line at all', [line({ taxCode: 'exempt', vat: 0n })], [['5120', 100_000n, 0n, CC, P], ['2310', 0n, 100_000n, null, null]]],
  ])('%s', (_name, lines, expected) => {
    const e = bill(lines);
    expect(side(e)).toEqual(expected);
    expect(balanced(e)).toBe(true);
    expect(e.source).toEqual({ module: 'purchasing.bill', id: 'b1' });
    expect(e.date).toBe('2026-03-15');
  });

  it('mixed lines add up into one VAT line and one payable, the bill’s own dimensions on them', () => {
    const e = bill(
      [line({ cleared: 100_000n }), line({ expenseAccountCode: '6220', net: 10_000n, vat: 500n, ...none }), line({ taxCode: 'reverse_charge', vat: 0n, net: 20_000n })],
      on,
    );
    expect(side(e)).toEqual([
      ['2330', 100_000n, 0n, CC, P],
      ['6220', 10_000n, 0n, null, null],
      ['5120', 20_000n, 0n, CC, P],
      ['1410', 5_500n, 0n, CC, P],
      ['1410', 1_000n, 0n, CC, P],
      ['2410', 0n, 1_000n, CC, P],
      ['2310', 0n, 135_500n, CC, P],
    ]);
    expect(balanced(e)).toBe(true);
  });

  it('refuses a bill of nothing and negative figures', () => {
    expect(() => bill([])).toThrow(RangeError);
    expect(() => bill([line({ net: -1n })])).toThrow(RangeError);
  });
});

describe('debit note posting', () => {
  it('mirrors the bill: Dr 2310 / Cr expense and Cr 1410; reverse charge Dr 2410 / Cr 1410', () => {
    const e = debitNotePosting({
      id: 'd1',
      number: 'DN-2026-0001',
      billNumber: 'BILL-2026-0001',
      supplierName: 'Supplier',
      date: '2026-03-20',
      authorId: null,
      ...none,
      lines: [
        { description: 'Short delivery', expenseAccountCode: '5120', taxCode: 'standard', net: 10_000n, vat: 500n, ...on },
        { description: 'Licence refund', expenseAccountCode: '6310', taxCode: 'reverse_charge', net: 20_000n, vat: 0n, ...none },
      ],
    });
    expect(side(e)).toEqual([
      ['2310', 30_500n, 0n, null, null],
      ['5120', 0n, 10_000n, CC, P],
      ['6310', 0n, 20_000n, null, null],
      ['1410', 0n, 500n, null, null],
      ['2410', 1_000n, 0n, null, null],
      ['1410', 0n, 1_000n, null, null],
    ]);
    expect(balanced(e)).toBe(true);
    expect(e.source).toEqual({ module: 'purchasing.debit_note', id: 'd1' });
  });
});

describe('payment posting', () => {
  it.each([
    ['1110', 105_000n],
    ['1120', 1n],
  ])('Dr 2310 / Cr the bank account’s ledger account %s', (bank, amount) => {
    const e = paymentPosting({ id: 'p1', number: 'PAY-2026-0001', date: '2026-04-01', amount, bankLedgerCode: bank, billNumber: 'BILL-2026-0001', supplierBillNumber: 'INV-77', supplierName: 'S', authorId: null });
    expect(side(e)).toEqual([
      ['2310', amount, 0n, null, null],
      [bank, 0n, amount, null, null],
    ]);
    expect(e.source).toEqual({ module: 'purchasing.payment', id: 'p1' });
  });
  it('refuses nothing to pay', () => {
    expect(() => paymentPosting({ id: 'p', number: 'P', date: '2026-04-01', amount: 0n, bankLedgerCode: '1110', billNumber: 'B', supplierBillNumber: 'I', supplierName: 'S', authorId: null })).toThrow(RangeError);
  });
});
