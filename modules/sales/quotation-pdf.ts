/** A quotation as an A4 PDF (the platform's pdf-table sheet): seller and customer, validity, lines with VAT, totals, notes. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { emirateLabels, getTaxSettings, TAX_RATE_BPS, taxCodeLabels } from '@modules/tax';
import { formatDate } from '@modules/platform/dates';
import { createSheet, moneyText, PDF_COLORS, percentText, quantityText, type PdfRow } from '@modules/platform/pdf-table';
import type { QuotationDetailJson } from './contract';
import { rows } from './shared';

export const quotationFilename = (number: string) => `${number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;

export async function quotationPdf(db: Db, q: QuotationDetailJson, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  const tax = await getTaxSettings(db);
  const [customer] = await rows<{ address_line1: string; city: string; trn: string | null }>(db, sql`select address_line1, city, trn from customers where id = ${q.customerId}`);
  const seller = tax.legalName;
  const sheet = createSheet({
    title: `Quotation ${q.number}`,
    subject: `Quotation ${q.number} from ${seller} to ${q.customerName}`,
    author: seller,
    texts: [seller, q.customerName, q.notes, tax.address, customer?.address_line1 ?? '', customer?.city ?? '', ...q.lines.map((l) => l.description)],
    compress: opts.compress,
    continuation: (s) => {
      s.doc.font(s.font(true)).fontSize(10).fillColor(PDF_COLORS.brand).text(`${seller} · Quotation ${q.number} (continued)`, s.left, s.y, { width: s.width, lineBreak: false, ellipsis: true });
      s.y += 20;
    },
  });
  const { doc, left, width } = sheet;
  doc.font(sheet.font(true)).fontSize(20).fillColor(PDF_COLORS.brand).text('Quotation', left, sheet.y, { width, align: 'right' });
  doc.font(sheet.font(true)).fontSize(13).fillColor(PDF_COLORS.ink).text(seller, left, sheet.y + 4, { width: width * 0.6 });
  sheet.y = Math.max(doc.y, sheet.y + 26) + 10;
  sheet.text([tax.address, emirateLabels[tax.defaultEmirate], tax.trn ? `TRN ${tax.trn}` : ''].filter(Boolean).join(' · '), { size: 8.5, color: PDF_COLORS.muted, after: 10 });
  const details: [string, string][] = [
    ['Quotation number', q.number],
    ['Prepared for', q.customerName],
    ...(customer?.address_line1 || customer?.city ? [['Address', [customer.address_line1, customer.city].filter(Boolean).join(', ')] as [string, string]] : []),
    ...(customer?.trn ? [['Customer TRN', customer.trn] as [string, string]] : []),
    ['Date', formatDate(q.date)],
    ['Valid until', formatDate(q.validUntil)],
    ['Currency', 'AED (UAE dirham)'],
  ];
  sheet.y += sheet.pairs(details, left, width, 110) + 6;
  sheet.heading('What we propose', 36);
  const rowsOut: PdfRow[] = q.lines.map((l) => ({
    cells: [
      String(l.lineNo),
      l.description,
      quantityText(l.quantity, 'C62'),
      moneyText(BigInt(l.unitPrice)),
      l.discount !== '0' ? moneyText(BigInt(l.discount)) : '',
      moneyText(BigInt(l.net)),
      l.taxCode === 'standard' ? percentText(TAX_RATE_BPS[l.taxCode]) : taxCodeLabels[l.taxCode],
      moneyText(BigInt(l.vat)),
      moneyText(BigInt(l.net) + BigInt(l.vat)),
    ],
  }));
  sheet.table(
    [
      { label: '#', width: 18 },
      { label: 'Description', width: 170 },
      { label: 'Qty', width: 38, align: 'right' },
      { label: 'Unit price', width: 60, align: 'right' },
      { label: 'Discount', width: 50, align: 'right' },
      { label: 'Net', width: 60, align: 'right' },
      { label: 'VAT rate', width: 42, align: 'right' },
      { label: 'VAT', width: 50, align: 'right' },
      { label: 'Gross', width: 60, align: 'right' },
    ],
    rowsOut,
  );
  sheet.y += 6;
  sheet.table(
    [
      { label: '', width: 150 },
      { label: 'AED', width: 90, align: 'right' },
    ],
    [
      { cells: ['Total excluding VAT', moneyText(BigInt(q.net))] },
      { cells: ['VAT', moneyText(BigInt(q.vat))] },
      { bold: true, cells: ['Total including VAT', moneyText(BigInt(q.total))] },
    ],
    { width: 240, header: false, size: 8.5 },
  );
  sheet.heading('Terms', 30);
  sheet.text(`This quotation is valid until ${formatDate(q.validUntil)}. Prices are in AED; VAT is charged at the rates shown. On acceptance we confirm a sales order and invoice what has been delivered.`, { size: 8.5, after: 4 });
  if (q.notes.trim()) {
    sheet.heading('Notes', 20);
    sheet.text(q.notes.trim(), { size: 8.5 });
  }
  return sheet.finish(`${seller} · Quotation ${q.number}`);
}
