import { describe, expect, it } from 'vitest';
import { returnCsvRows, returnPdf } from './return-pdf';
import { period, vatReturn } from './ui/admin/test-fixtures';

/** The text pdfkit draws with the standard fonts: hex strings inside TJ arrays (uncompressed here). */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  return [...raw.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((m) => [...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('')).join('\n');
}

const filed = vatReturn(
  period('2026-Q3', 'filed', { from: '2026-07-01', to: '2026-09-30', dueDate: '2026-10-28' }),
  { '1b': { amount: '1020000', vat: '51000', adjustment: '-250' }, '8': { amount: '1020000', vat: '51000', adjustment: '-250' }, '9': { amount: '400000', vat: '20000' }, '11': { amount: '400000', vat: '20000' }, '12': { vat: '50750' }, '13': { vat: '20000' }, '14': { vat: '30750' } },
  { filing: { reference: 'FTA-230012345678', filedAt: '2026-10-20T08:00:00.000Z', filedBy: 'admin@manzil.ae', settlementReference: 'JE-000120', paidOn: null, paymentReference: null } },
);

describe('the VAT 201 as PDF and CSV', () => {
  it('draws the FTA layout with the registration, period, due date and filing', async () => {
    const text = pdfText(await returnPdf(filed, { generatedAt: new Date('2026-10-21T08:00:00Z'), compress: false }));
    for (const s of [
      'VAT return (VAT 201)',
      '100123456700003',
      'Manzil Properties FZ-LLC',
      '2026-Q3: 1 Jul 2026 to 30 Sept 2026',
      '28 Oct 2026',
      'Filed on 20 Oct 2026, FTA reference FTA-230012345678',
      'VAT on sales and all other outputs',
      'Standard rated supplies in Dubai',
      '10,200.00',
      '-2.50',
      'VAT on expenses and all other inputs',
      'Box 1b includes platform charges to investors in Dubai: AED 200.00, VAT AED 10.00.',
      'Payable tax for the period',
      '307.50',
    ])
      expect(text).toContain(s);
  });
  it('writes one CSV row per box: amount, VAT and adjustment in AED; 12–14 carry the VAT only', () => {
    const rows = returnCsvRows(filed);
    expect(rows).toHaveLength(20);
    expect(rows[1]).toEqual(['1b', 'Standard rated supplies in Dubai', '10200.00', '510.00', '-2.50']);
    expect(rows.at(-1)).toEqual(['14', 'Payable tax for the period', '', '307.50', '']);
  });
});
