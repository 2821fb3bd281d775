import { describe, expect, it } from 'vitest';
import { bookedAedFor, defaultRate, docAmountFor, documentTotals, formatQuantity, lineFigures, quantityMilli } from './amounts-contract';
import { creditApplicationPosting, creditNotePosting, invoicePosting, paymentPosting, type InvoicePostingDocument } from './postings';

type Entry = ReturnType<typeof invoicePosting>;
const side = (e: Entry) => e.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n]);
const dims = (e: Entry) => e.lines.map((l) => [l.accountCode, l.costCenter ?? null, l.property ?? null]);
const balanced = (e: Entry) => e.lines.reduce((s, l) => s + (l.debit ?? 0n) - (l.credit ?? 0n), 0n) === 0n;

const doc = (over: Partial<InvoicePostingDocument> = {}): InvoicePostingDocument => ({
  id: 'inv1',
  number: 'INV-2026-0001',
  date: '2026-03-05',
  customerName: 'Al Noor FM',
  currency: 'AED',
  rate: '1',
  authorId: 'admin',
  lines: [
    { lineNo: 1, description: 'Management', incomeAccount: '4300', net: 100_000n, vat: 5_000n, costCenter: 'OPS', property: null },
    { lineNo: 2, description: 'Rent', incomeAccount: '4200', net: 950_000n, vat: 0n, costCenter: null, property: 'MZ-DXB-001' },
  ],
  ...over,
});

describe('receivables postings', () => {
  it.each([
    [
      'an AED invoice: Dr 1330 total / Cr income per line / Cr 2410 VAT per line, dimensions on the lines',
      doc(),
      [
        ['1330', 1_055_000n, 0n],
        ['4300', 0n, 100_000n],
        ['2410', 0n, 5_000n],
        ['4200', 0n, 950_000n],
      ],
    ],
    [
      'a line with nothing to post is left out',
      doc({ lines: [{ lineNo: 1, description: 'Free visit', incomeAccount: '4300', net: 0n, vat: 0n, costCenter: null, property: null }, { lineNo: 2, description: 'Fee', incomeAccount: '4300', net: 10n, vat: 1n, costCenter: null, property: null }] }),
      [
        ['1330', 11n, 0n],
        ['4300', 0n, 10n],
        ['2410', 0n, 1n],
      ],
    ],
  ] as const)('%s', (_name, d, expected) => {
    const e = invoicePosting(d);
    expect(side(e)).toEqual(expected);
    expect(balanced(e)).toBe(true);
    expect(e.source).toEqual({ module: 'receivables.invoice', id: d.id });
    expect(e.date).toBe(d.date);
  });

  it('carries the cost center and property of each line onto its income and VAT lines; 1330 has none', () => {
    expect(dims(invoicePosting(doc()))).toEqual([
      ['1330', null, null],
      ['4300', 'OPS', null],
      ['2410', 'OPS', null],
      ['4200', null, 'MZ-DXB-001'],
    ]);
  });

  it('a foreign-currency invoice states every line in its currency and rate (the ledger converts)', () => {
    const e = invoicePosting(doc({ currency: 'GBP', rate: '4.645570' }));
    expect(e.lines.every((l) => l.currency === 'GBP' && l.rate === '4.645570')).toBe(true);
  });

  it('a credit note is the mirror of the lines it credits; clearing rounding goes between 1330 and 6900', () => {
    const base = { ...doc({ id: 'cn1', number: 'CN-2026-0001' }), invoiceNumber: 'INV-2026-0001' };
    const e = creditNotePosting(base);
    expect(side(e)).toEqual([
      ['1330', 0n, 1_055_000n],
      ['4300', 100_000n, 0n],
      ['2410', 5_000n, 0n],
      ['4200', 950_000n, 0n],
    ]);
    expect(e.source).toEqual({ module: 'receivables.credit_note', id: 'cn1' });
    expect(side(creditNotePosting({ ...base, clearingDifference: 2n })).slice(-2)).toEqual([
      ['1330', 0n, 2n],
      ['6900', 2n, 0n],
    ]);
    expect(side(creditNotePosting({ ...base, clearingDifference: -1n })).slice(-2)).toEqual([
      ['1330', 1n, 0n],
      ['6900', 0n, 1n],
    ]);
  });

  it.each([
    ['settles two invoices exactly', 1_000n, [{ invoiceNumber: 'INV-1', bookedAed: 600n, receivedAed: 600n }, { invoiceNumber: 'INV-2', bookedAed: 400n, receivedAed: 400n }], [['1110', 1_000n, 0n], ['1330', 0n, 600n], ['1330', 0n, 400n]]],
    ['keeps the overpayment as credit on 2340', 1_500n, [{ invoiceNumber: 'INV-1', bookedAed: 1_000n, receivedAed: 1_000n }], [['1110', 1_500n, 0n], ['1330', 0n, 1_000n], ['2340', 0n, 500n]]],
    ['a payment in advance is all credit', 700n, [], [['1110', 700n, 0n], ['2340', 0n, 700n]]],
    ['an exchange gain credits 4930', 47_000n, [{ invoiceNumber: 'INV-GBP', bookedAed: 46_456n, receivedAed: 47_000n }], [['1110', 47_000n, 0n], ['1330', 0n, 46_456n], ['4930', 0n, 544n]]],
    ['an exchange loss debits 4930', 46_000n, [{ invoiceNumber: 'INV-GBP', bookedAed: 46_456n, receivedAed: 46_000n }], [['1110', 46_000n, 0n], ['1330', 0n, 46_456n], ['4930', 456n, 0n]]],
  ] as const)('a payment %s', (_n, amount, allocations, expected) => {
    const e = paymentPosting({ id: 'p1', date: '2026-03-20', customerName: 'Al Noor FM', bankLedgerCode: '1110', amount, allocations: [...allocations], reference: 'FT1', authorId: null });
    expect(side(e)).toEqual(expected);
    expect(balanced(e)).toBe(true);
    expect(e.source).toEqual({ module: 'receivables.payment', id: 'p1' });
  });

  it('a credit applied: Dr 2340 / Cr 1330 (and the exchange difference)', () => {
    const e = creditApplicationPosting({ id: 'a1', date: '2026-03-21', customerName: 'Al Noor FM', authorId: null, part: { invoiceNumber: 'INV-3', bookedAed: 300n, receivedAed: 300n } });
    expect(side(e)).toEqual([
      ['2340', 300n, 0n],
      ['1330', 0n, 300n],
    ]);
    expect(e.source).toEqual({ module: 'receivables.credit', id: 'a1' });
  });

  it('refuses documents that come to nothing and allocations beyond the payment', () => {
    expect(() => invoicePosting(doc({ lines: [] }))).toThrow(RangeError);
    expect(() => paymentPosting({ id: 'p', date: '2026-01-01', customerName: 'X', bankLedgerCode: '1110', amount: 10n, allocations: [{ invoiceNumber: 'I', bookedAed: 11n, receivedAed: 11n }], reference: '', authorId: null })).toThrow(RangeError);
  });
});

describe('invoice arithmetic', () => {
  it.each([
    ['1', 100_000n, 0n, 'standard', 100_000n, 5_000n],
    ['2.5', 33_333n, 0n, 'standard', 83_332n, 4_167n], // 83,332.5 → 83,332 (half-even), VAT 4,166.6 → 4,167
    ['0.125', 10_001n, 0n, 'standard', 1_250n, 62n], // 1,250.125 → 1,250; VAT 62.5 → 62 (half-even)
    ['3', 10_000n, 5_000n, 'zero', 25_000n, 0n],
    ['1', 99n, 0n, 'exempt', 99n, 0n],
  ] as const)('%s × %s − %s (%s) → net %s, VAT %s', (quantity, unitPrice, discount, taxCode, net, vat) => {
    expect(lineFigures({ quantity, unitPrice, discount, taxCode }, 'AED', '1')).toMatchObject({ net, vat, netAed: net, vatAed: vat });
  });

  it('refuses a discount beyond the line and an unreadable quantity', () => {
    expect(lineFigures({ quantity: '1', unitPrice: 100n, discount: 101n, taxCode: 'standard' }, 'AED', '1')).toBeNull();
    expect(lineFigures({ quantity: '1.2345', unitPrice: 100n, taxCode: 'standard' }, 'AED', '1')).toBeNull();
    expect(quantityMilli('2.5')).toBe(2_500n);
    expect(formatQuantity(2_500n)).toBe('2.5');
  });

  it('default rates are AED per unit from the display rates, six places, half-even without floats', () => {
    expect(defaultRate('AED')).toBe('1');
    expect(defaultRate('USD')).toBe('3.670000');
    expect(defaultRate('GBP')).toBe('4.645570'); // 3.67 / 0.79 = 4.6455696…
    expect(defaultRate('EUR')).toBe('3.946237'); // 3.67 / 0.93 = 3.9462365…
    expect(defaultRate('INR')).toBe('0.043952'); // 3.67 / 83.5 = 0.0439520…
  });

  it('a foreign total converts once; the AED of the lines is each line converted', () => {
    const rate = '4.645570';
    const l1 = lineFigures({ quantity: '1', unitPrice: 1_250_000n, taxCode: 'standard' }, 'GBP', rate)!;
    const t = documentTotals([l1], 'GBP', rate);
    expect(t).toMatchObject({ net: 1_250_000n, vat: 62_500n, total: 1_312_500n });
    expect(t.totalAed).toBe(6_097_311n); // 13,125.00 × 4.645570 = 60,973.10625 → 60,973.11
    // 12,500.00 × 4.645570 = 58,069.625 → 58,069.62 (half-even); 625.00 × 4.645570 = 2,903.48125 → 2,903.48:
    // the lines come to one fil less than the total, which the ledger books to 6900.
    expect([l1.netAed, l1.vatAed]).toEqual([5_806_962n, 290_348n]);
    expect(t.totalAed - (l1.netAed + l1.vatAed)).toBe(1n);
  });

  it('booked AED for a part settlement is pro rata, and the whole open AED when it clears', () => {
    const inv = { openDoc: 1_000n, openAed: 4_646n, total: 1_000n, totalAed: 4_646n };
    expect(bookedAedFor(500n, inv)).toBe(2_323n);
    expect(bookedAedFor(1_000n, inv)).toBe(4_646n);
    expect(bookedAedFor(333n, { ...inv, openDoc: 667n, openAed: 3_099n })).toBe(1_547n);
    expect(docAmountFor(4_646n, 'GBP', '4.645570')).toBe(1_000n);
  });
});
