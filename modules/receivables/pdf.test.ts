import { describe, expect, it } from 'vitest';
import { pdfPageCount, pdfText } from '@tests/helpers/pdf';
import { BUYER, FIVE_CODES, fixtureDocument, type FixtureLine } from './document-fixtures';
import { invoiceFilename, invoicePdf } from './pdf';

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('invoicePdf', () => {
  it('prints what a UAE tax invoice must show', async () => {
    const doc = fixtureDocument(FIVE_CODES, { paid: 500_000n, notes: 'Thank you for your business.' });
    const bytes = await invoicePdf(doc);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(await pdfPageCount(bytes)).toBe(1);
    const text = pdfText(bytes);
    for (const words of [
      'Tax Invoice',
      'Manzil Real Estate Investments LLC',
      'Office 1204, Boulevard Plaza Tower 1',
      'TRN 100234567800003',
      'Al Noor Facilities Management LLC',
      'Warehouse 7, Industrial Area 3',
      'Sharjah',
      'TRN 100987654300003',
      'INV-2026-0042',
      'Date of issue',
      '15 Mar 2026',
      'Date of supply',
      '14 Mar 2026',
      'Due date',
      '14 Apr 2026',
      'PO-7781',
      'Property management fee, March 2026',
      'Items supplied (amounts in AED)',
      'Unit price',
      'Discount',
      'VAT rate',
      'Gross',
      '12,500.00', // unit price
      '500.00', // discount
      '12,000.00', // net
      '600.00', // VAT
      '12,600.00', // gross
      '2.5 hour',
      'Standard rated 5% (S)',
      'Zero rated 0% (Z)',
      'Exempt (E)',
      'Out of scope (O)',
      'Reverse charge 5% (AE)',
      'Total excluding VAT',
      '28,700.00',
      'Total including VAT',
      '29,300.00',
      'Amount due',
      '24,300.00',
      'Emirates NBD',
      'AE07 0331 2345 6789 0123 456',
      'Payment within 30 days of the invoice date.',
      'Thank you for your business.',
      'Page 1 of 1',
    ]) {
      expect(text, words).toContain(words);
    }
    expect(text).not.toContain('Tax Credit Note');
    expect(invoiceFilename(doc)).toBe('INV-2026-0042.pdf');
  });

  it('shows the VAT in AED beside a foreign currency, with the rate used', async () => {
    const text = pdfText(await invoicePdf(fixtureDocument(FIVE_CODES.slice(0, 2), { currency: 'USD', rate: '3.6725' })));
    expect(text).toContain('1 USD = 3.6725 AED');
    expect(text).toContain('Items supplied (amounts in USD, VAT also in AED)');
    expect(text).toContain('VAT in AED');
    expect(text).toContain('AED (at 3.6725)');
    expect(text).toContain('2,203.50'); // VAT 600.00 USD in AED
    expect(text).toContain('44,070.00'); // net 12,000.00 USD in AED
  });

  it('titles a credit note and names the invoice it corrects', async () => {
    const doc = fixtureDocument([FIVE_CODES[0]], { kind: 'credit_note' });
    const text = pdfText(await invoicePdf(doc));
    expect(text).toContain('Tax Credit Note');
    expect(text).toContain('Credit note number');
    expect(text).toContain('CN-2026-0007');
    expect(text).toContain('Corrects invoice');
    expect(text).toContain('INV-2026-0042 of 15 Mar 2026');
    expect(text).not.toContain('Tax Invoice');
  });

  it('says when the recipient has no TRN', async () => {
    const text = pdfText(await invoicePdf(fixtureDocument([FIVE_CODES[0]], { buyer: { ...BUYER, trn: null }, payee: null })));
    expect(text).toContain('Not registered for VAT (no TRN)');
    expect(text).not.toContain('IBAN');
  });

  it('flows 60 lines over pages with the table header repeated and wraps long descriptions', async () => {
    const long = 'Quarterly deep cleaning of common areas, lobby marble polishing, façade glass washing by rope access, and removal of construction debris from the basement car park levels B1 to B3 as agreed in the annual maintenance contract';
    const lines: FixtureLine[] = Array.from({ length: 60 }, (_, i) => ({
      description: i === 7 ? long : `Service line ${i + 1}`,
      quantity: String(i + 1),
      unitPrice: 10_000n + BigInt(i),
      taxCode: i % 2 ? 'standard' : 'zero',
    }));
    const bytes = await invoicePdf(fixtureDocument(lines));
    const pages = await pdfPageCount(bytes);
    expect(pages).toBe(2);
    const text = pdfText(bytes);
    expect(text.split('Unit price').length - 1).toBe(pages);
    expect(text.split('(continued)').length - 1).toBe(pages - 1);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    expect(text).toContain('Service line 60');
    expect(flat(text)).toContain(long);
    expect(text).not.toContain('…');
  });

  it('switches to a Unicode font for Arabic names and still writes a readable PDF', async () => {
    const bytes = await invoicePdf(fixtureDocument([FIVE_CODES[0]], { buyer: { ...BUYER, name: 'شركة النور لإدارة المرافق' } }));
    expect(await pdfPageCount(bytes)).toBe(1);
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
  });
});
