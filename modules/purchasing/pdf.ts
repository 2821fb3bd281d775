/**
 * A purchase order as an A4 PDF for the supplier: the order's number and dates, buyer and supplier with their
 * TRNs, the lines with their VAT, totals in AED, where to deliver, the payment terms and who approved it.
 * Drawn from the finished PurchaseOrderDocument with the shared sheet of modules/platform/pdf-table.
 */
import type { TaxCode } from '@modules/tax';
import { formatDate } from '@modules/platform/dates';
import { createSheet, moneyText, PDF_COLORS, quantityText, type PdfRow, type PdfSheet } from '@modules/platform/pdf-table';
import type { PurchaseOrderDocument } from './document';

export const purchaseOrderFilename = (doc: Pick<PurchaseOrderDocument, 'number'>) => `${doc.number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;

/** The VAT column: the rate the supplier charges, or why it charges none. */
const vatLabels: Record<TaxCode, string> = { standard: '5%', zero: '0%', exempt: 'Exempt', out_of_scope: 'Out of scope', reverse_charge: 'RC', import: 'RC (import)' };

const statusNotes: Record<string, string> = {
  draft: 'Draft: not yet issued. Do not supply against this order.',
  cancelled: 'Cancelled: this order has been withdrawn. Do not supply against it.',
};

/** A party: its heading, name and the lines under it; returns the height drawn. */
function partyBlock(sheet: PdfSheet, heading: string, name: string, lines: string[], x: number, width: number): number {
  const { doc } = sheet;
  doc.font(sheet.font(true)).fontSize(8).fillColor(PDF_COLORS.muted).text(heading.toUpperCase(), x, sheet.y, { width });
  doc.font(sheet.font(true)).fontSize(10).fillColor(PDF_COLORS.ink).text(name, x, doc.y + 2, { width });
  doc.font(sheet.font()).fontSize(8.5);
  for (const line of lines.filter((l) => l.trim())) doc.text(line, x, doc.y + 1, { width });
  return doc.y - sheet.y;
}

export function purchaseOrderPdf(doc: PurchaseOrderDocument, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  const title = 'Purchase Order';
  const texts = [doc.buyer.legalName, doc.buyer.address, doc.supplier.name, doc.supplier.address, doc.deliveryAddress, doc.terms, doc.notes, doc.approvedBy ?? '', ...doc.lines.map((l) => l.description)];
  const sheet = createSheet({
    title: `${title} ${doc.number}`,
    subject: `${title} ${doc.number} from ${doc.buyer.legalName} to ${doc.supplier.name}`,
    author: doc.buyer.legalName,
    texts,
    compress: opts.compress,
    continuation: (s) => {
      s.doc.font(s.font(true)).fontSize(10).fillColor(PDF_COLORS.brand).text(`${doc.buyer.legalName} · ${title} ${doc.number} (continued)`, s.left, s.y, { width: s.width, lineBreak: false, ellipsis: true });
      s.y += 20;
    },
  });
  const { doc: pdf, left, width } = sheet;
  const aed = (v: bigint) => moneyText(v, doc.currency);

  pdf.font(sheet.font(true)).fontSize(20).fillColor(PDF_COLORS.brand).text(title, left, sheet.y, { width, align: 'right' });
  pdf.font(sheet.font(true)).fontSize(13).fillColor(PDF_COLORS.ink).text(doc.buyer.legalName, left, sheet.y + 4, { width: width * 0.6 });
  sheet.y = Math.max(pdf.y, sheet.y + 26) + 6;
  if (statusNotes[doc.status]) sheet.text(statusNotes[doc.status], { bold: true, color: '#9a3412', after: 6 });
  sheet.y += 6;

  const half = (width - 20) / 2;
  const buyerHeight = partyBlock(sheet, 'Buyer', doc.buyer.legalName, [...doc.buyer.address.split('\n'), `TRN ${doc.buyer.trn}`], left, half);
  const supplierHeight = partyBlock(sheet, 'Supplier', doc.supplier.name, [...doc.supplier.address.split('\n'), doc.supplier.trn ? `TRN ${doc.supplier.trn}` : 'Not registered for VAT (no TRN)', doc.supplier.email], left + half + 20, half);
  sheet.y += Math.max(buyerHeight, supplierHeight) + 10;

  const details: [string, string][] = [
    ['Order number', doc.number],
    ['Order date', formatDate(doc.date)],
    ['Expected delivery', doc.expectedDate ? formatDate(doc.expectedDate) : 'To be agreed'],
    ...(doc.requestNumber ? [['Purchase request', doc.requestNumber] as [string, string]] : []),
    ['Currency', 'AED (UAE dirham)'],
  ];
  sheet.y += sheet.pairs(details, left, width, 110) + 6;
  sheet.text(`Please quote ${doc.number} on your delivery note and your tax invoice.`, { size: 8.5, color: PDF_COLORS.muted, after: 4 });

  sheet.heading('Items ordered (amounts in AED, net of VAT unless stated)', 36);
  sheet.table(
    [
      { label: '#', width: 18 },
      { label: 'Description', width: 170 },
      { label: 'Qty', width: 50, align: 'right' },
      { label: 'Unit price', width: 64, align: 'right' },
      { label: 'Net', width: 66, align: 'right' },
      { label: 'VAT rate', width: 46, align: 'right' },
      { label: 'VAT amount', width: 56, align: 'right' },
      { label: 'Total', width: 62, align: 'right' },
    ],
    doc.lines.map((l) => ({
      cells: [String(l.lineNo), l.description, quantityText(l.quantity, l.unitCode), aed(l.unitPriceFils), aed(l.netFils), vatLabels[l.taxCode], aed(l.vatFils), aed(l.netFils + l.vatFils)],
    })),
    { empty: 'This order has no lines.' },
  );

  sheet.y += 6;
  const totals: PdfRow[] = [
    { cells: ['Total excluding VAT', aed(doc.totals.net)] },
    { cells: ['VAT', aed(doc.totals.vat)] },
    { bold: true, cells: ['Order total', aed(doc.totals.total)] },
  ];
  sheet.table([{ label: '', width: 150 }, { label: 'AED', width: 90, align: 'right' }], totals, { width: 240, header: false, size: 8.5 });
  if (doc.lines.some((l) => l.taxCode === 'reverse_charge' || l.taxCode === 'import')) {
    sheet.text('RC, reverse charge: on the lines so marked we account for the VAT ourselves; do not charge it on your invoice.', { size: 8, color: PDF_COLORS.muted, after: 4 });
  }

  sheet.heading('Delivery and terms', 50);
  sheet.y += sheet.pairs([['Deliver to', doc.deliveryAddress], ['Payment terms', doc.terms]], left, width, 110) + 4;
  if (doc.notes.trim()) {
    sheet.heading('Notes', 20);
    sheet.text(doc.notes.trim(), { size: 8.5 });
  }

  sheet.heading('Approval', 30);
  sheet.text(doc.approvedBy ? `Approved for ${doc.buyer.legalName} by ${doc.approvedBy}.` : 'Not yet approved.', { size: 9, after: 4 });
  return sheet.finish(`${doc.buyer.legalName} · TRN ${doc.buyer.trn} · ${title} ${doc.number}`);
}
