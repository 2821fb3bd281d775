import { describe, expect, it } from 'vitest';
import { vatFor, type TaxCode } from '@modules/tax';
import { pdfPageCount, pdfText } from '@tests/helpers/pdf';
import type { PurchaseOrderDocument, PurchaseOrderLine } from './document';
import { purchaseOrderFilename, purchaseOrderPdf } from './pdf';

function line(lineNo: number, description: string, quantity: string, unitPriceFils: bigint, taxCode: TaxCode): PurchaseOrderLine {
  const [w, f = ''] = quantity.split('.');
  const netFils = (BigInt(w + f) * unitPriceFils) / 10n ** BigInt(f.length);
  return { lineNo, description, quantity, unitCode: 'C62', unitPriceFils, netFils, taxCode, vatFils: taxCode === 'standard' ? vatFor(netFils, taxCode) : 0n };
}

function order(lines: PurchaseOrderLine[], over: Partial<PurchaseOrderDocument> = {}): PurchaseOrderDocument {
  const net = lines.reduce((s, l) => s + l.netFils, 0n);
  const vat = lines.reduce((s, l) => s + l.vatFils, 0n);
  return {
    id: '5f0e6f0c-8d1b-4a44-9d55-0c7b7a0e2f11',
    number: 'PO-2026-0012',
    date: '2026-03-02',
    expectedDate: '2026-03-20',
    status: 'sent',
    currency: 'AED',
    buyer: { legalName: 'Manzil Real Estate Investments LLC', trn: '100234567800003', address: 'Office 1204, Boulevard Plaza Tower 1\nDowntown Dubai, Dubai' },
    supplier: { name: 'Gulf Cool Air Conditioning LLC', trn: '100555666700003', email: 'orders@gulfcool.example', address: 'Plot 18, Al Quoz Industrial 2\nDubai' },
    lines,
    totals: { net, vat, total: net + vat },
    deliveryAddress: 'Marina Heights, Tower B, Dubai Marina',
    terms: 'Payment 30 days from the date of the bill.',
    approvedBy: 'Sara Al Mansoori',
    requestNumber: 'PR-2026-0009',
    notes: 'Work to be done between 9:00 and 17:00; the building manager holds the keys.',
    ...over,
  };
}

describe('purchaseOrderPdf', () => {
  it('prints the order, both parties, the lines, totals, delivery, terms and approval', async () => {
    const doc = order([line(1, 'Split AC unit 2.5 ton, supply and install', '4', 325_000n, 'standard'), line(2, 'Annual maintenance visits', '1.5', 120_000n, 'zero')]);
    const bytes = await purchaseOrderPdf(doc);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(await pdfPageCount(bytes)).toBe(1);
    const text = pdfText(bytes);
    for (const words of [
      'Purchase Order',
      'PO-2026-0012',
      'Order date',
      '2 Mar 2026',
      'Expected delivery',
      '20 Mar 2026',
      'PR-2026-0009',
      'Manzil Real Estate Investments LLC',
      'TRN 100234567800003',
      'Gulf Cool Air Conditioning LLC',
      'TRN 100555666700003',
      'orders@gulfcool.example',
      'Split AC unit 2.5 ton, supply and install',
      '3,250.00',
      '13,000.00',
      '650.00',
      '13,650.00',
      '5%',
      '0%',
      '1.5',
      'Total excluding VAT',
      '14,800.00',
      'Order total',
      '15,450.00',
      'Deliver to',
      'Marina Heights, Tower B, Dubai Marina',
      'Payment 30 days from the date of the bill.',
      'Approved for Manzil Real Estate Investments LLC by Sara Al Mansoori.',
      'Page 1 of 1',
    ]) {
      expect(text, words).toContain(words);
    }
    expect(purchaseOrderFilename(doc)).toBe('PO-2026-0012.pdf');
  });

  it('warns on a draft and says when nothing is approved or the supplier has no TRN', async () => {
    const doc = order([line(1, 'Paint, 20 litres', '3', 45_000n, 'standard')], { status: 'draft', approvedBy: null, expectedDate: null, supplier: { name: 'Ali Handyman', trn: null, email: 'ali@example.com', address: 'Deira, Dubai' } });
    const text = pdfText(await purchaseOrderPdf(doc));
    expect(text).toContain('Draft: not yet issued.');
    expect(text).toContain('Not yet approved.');
    expect(text).toContain('To be agreed');
    expect(text).toContain('Not registered for VAT (no TRN)');
  });

  it('flows 60 lines over pages with the header repeated, wrapping long descriptions', async () => {
    const long = 'Replacement of the chilled-water pump set in plant room 2, including isolation valves, vibration mounts, flushing and recommissioning of the secondary circuit with a signed test certificate';
    const lines = Array.from({ length: 60 }, (_, i) => line(i + 1, i === 30 ? long : `Spare part ${i + 1}`, String(i + 1), 1_500n + BigInt(i), i % 3 ? 'standard' : 'reverse_charge'));
    const bytes = await purchaseOrderPdf(order(lines));
    const pages = await pdfPageCount(bytes);
    expect(pages).toBe(2);
    const text = pdfText(bytes);
    expect(text.split('Unit price').length - 1).toBe(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Spare part 60');
    expect(text.replace(/\s+/g, ' ')).toContain(long);
    expect(text).toContain('RC, reverse charge: on the lines so marked we account for the VAT ourselves');
  });
});
