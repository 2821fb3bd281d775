/**
 * A tax invoice or tax credit note as an A4 PDF with the contents UAE VAT law asks of a tax invoice: the title,
 * supplier and recipient with their TRNs, number, dates of issue and supply, each line with its VAT, the VAT in
 * AED (beside the document currency and the rate used when it is another), the tax summary per category,
 * payment details, and for a credit note the invoice it corrects. Drawn from the finished InvoiceDocument.
 */
import { emirateLabels, taxCodeLabels, UBL_TAX_CATEGORY } from '@modules/tax';
import { formatDate } from '@modules/platform/dates';
import { BASE_CURRENCY } from '@modules/platform/money';
import { createSheet, moneyText, PDF_COLORS, percentText, quantityText, type PdfColumn, type PdfRow, type PdfSheet } from '@modules/platform/pdf-table';
import type { DocumentParty, InvoiceDocument } from './document';

export const invoiceTitle = (doc: Pick<InvoiceDocument, 'kind'>) => (doc.kind === 'credit_note' ? 'Tax Credit Note' : 'Tax Invoice');
export const invoiceFilename = (doc: Pick<InvoiceDocument, 'kind' | 'number'>) => `${doc.number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;

const regionNames = new Intl.DisplayNames('en', { type: 'region' });
/** "AE" → "United Arab Emirates"; a country already written out is kept. */
const countryName = (country: string) => (/^[A-Z]{2}$/.test(country) ? (regionNames.of(country) ?? country) : country);

function addressLines(p: DocumentParty): string[] {
  const a = p.address;
  const emirate = a.emirate ? emirateLabels[a.emirate] : null;
  const place = [a.city, emirate && emirate !== a.city ? emirate : null, a.postalCode].filter(Boolean).join(', ');
  return [a.line1, a.line2, place, countryName(a.country)].filter((l): l is string => !!l && !!l.trim());
}

function partyBlock(sheet: PdfSheet, heading: string, p: DocumentParty, x: number, width: number): number {
  const { doc } = sheet;
  let y = sheet.y;
  doc.font(sheet.font(true)).fontSize(8).fillColor(PDF_COLORS.muted).text(heading.toUpperCase(), x, y, { width });
  y = doc.y + 2;
  doc.font(sheet.font(true)).fontSize(10).fillColor(PDF_COLORS.ink).text(p.name, x, y, { width });
  y = doc.y + 1;
  doc.font(sheet.font()).fontSize(8.5);
  for (const line of [...addressLines(p), p.trn ? `TRN ${p.trn}` : 'Not registered for VAT (no TRN)', p.email].filter(Boolean)) {
    doc.text(line, x, y, { width });
    y = doc.y + 1;
  }
  return y - sheet.y;
}

export function invoicePdf(doc: InvoiceDocument, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  const title = invoiceTitle(doc);
  const cur = doc.currency;
  const foreign = cur !== BASE_CURRENCY;
  const credit = doc.kind === 'credit_note';
  const texts = [doc.seller.name, doc.buyer.name, ...addressLines(doc.seller), ...addressLines(doc.buyer), doc.notes, doc.paymentTerms, doc.buyerReference, ...doc.lines.map((l) => l.description), doc.payee?.accountName ?? '', doc.payee?.bankName ?? ''];
  const sheet = createSheet({
    title: `${title} ${doc.number}`,
    subject: `${title} ${doc.number} from ${doc.seller.name} to ${doc.buyer.name}`,
    author: doc.seller.name,
    texts,
    compress: opts.compress,
    continuation: (s) => {
      s.doc.font(s.font(true)).fontSize(10).fillColor(PDF_COLORS.brand).text(`${doc.seller.name} · ${title} ${doc.number} (continued)`, s.left, s.y, { width: s.width, lineBreak: false, ellipsis: true });
      s.y += 20;
    },
  });
  const { doc: pdf, left, width } = sheet;
  const money = (v: bigint) => moneyText(v, cur);
  const aed = (v: bigint) => moneyText(v, BASE_CURRENCY);

  // ── Title, parties and the document's details ──
  pdf.font(sheet.font(true)).fontSize(20).fillColor(PDF_COLORS.brand).text(title, left, sheet.y, { width, align: 'right' });
  pdf.font(sheet.font(true)).fontSize(13).fillColor(PDF_COLORS.ink).text(doc.seller.name, left, sheet.y + 4, { width: width * 0.6 });
  sheet.y = Math.max(pdf.y, sheet.y + 26) + 12;
  const half = (width - 20) / 2;
  const partiesHeight = Math.max(partyBlock(sheet, 'Supplier', doc.seller, left, half), partyBlock(sheet, credit ? 'Recipient (credited)' : 'Recipient', doc.buyer, left + half + 20, half));
  sheet.y += partiesHeight + 10;

  const details: [string, string][] = [
    [credit ? 'Credit note number' : 'Invoice number', doc.number],
    ['Date of issue', formatDate(doc.issueDate)],
    ['Date of supply', formatDate(doc.supplyDate)],
    ...(doc.dueDate ? [[credit ? 'Refund due' : 'Due date', formatDate(doc.dueDate)] as [string, string]] : []),
    ...(credit && doc.billingReference ? [['Corrects invoice', `${doc.billingReference.number} of ${formatDate(doc.billingReference.issueDate)}`] as [string, string]] : []),
    ...(doc.buyerReference.trim() ? [['Your reference', doc.buyerReference] as [string, string]] : []),
    ['Currency', foreign ? `${cur}; VAT also shown in AED at 1 ${cur} = ${doc.rate} AED (rate on the date of issue)` : 'AED (UAE dirham)'],
  ];
  sheet.ensure(details.length * 12);
  sheet.y += sheet.pairs(details, left, width, 110) + 6;

  // ── Lines ──
  sheet.heading(`${credit ? 'Items credited' : 'Items supplied'} (amounts in ${cur}${foreign ? ', VAT also in AED' : ''})`, 36);
  const columns: PdfColumn[] = [
    { label: '#', width: 18 },
    { label: 'Description', width: foreign ? 128 : 150 },
    { label: 'Qty', width: 38, align: 'right' },
    { label: 'Unit price', width: 58, align: 'right' },
    { label: 'Discount', width: 48, align: 'right' },
    { label: 'Net', width: 58, align: 'right' },
    { label: 'VAT rate', width: 36, align: 'right' },
    { label: 'VAT', width: 50, align: 'right' },
    ...(foreign ? [{ label: 'VAT in AED', width: 50, align: 'right' as const }] : []),
    { label: 'Gross', width: 59, align: 'right' },
  ];
  const rows: PdfRow[] = doc.lines.map((l) => ({
    cells: [
      String(l.lineNo),
      l.description,
      quantityText(l.quantity, l.unitCode),
      money(l.unitPriceDoc),
      l.discountDoc ? money(l.discountDoc) : '',
      money(l.netDoc),
      l.taxCode === 'standard' ? percentText(l.vatRateBps) : shortTaxLabel[l.taxCode],
      money(l.vatDoc),
      ...(foreign ? [aed(l.vatAed)] : []),
      money(l.netDoc + l.vatDoc),
    ],
  }));
  sheet.table(columns, rows);

  // ── Totals ──
  const t = doc.totals;
  sheet.y += 6;
  const totalRows: PdfRow[] = [
    { cells: ['Total excluding VAT', money(t.netDoc), ...(foreign ? [aed(t.netAed)] : [])] },
    { cells: ['VAT', money(t.vatDoc), ...(foreign ? [aed(t.vatAed)] : [])] },
    { bold: true, cells: [credit ? 'Total credited including VAT' : 'Total including VAT', money(t.totalDoc), ...(foreign ? [aed(t.totalAed)] : [])] },
    ...(t.paidDoc !== 0n ? [{ cells: [credit ? 'Already refunded or applied' : 'Paid', money(t.paidDoc), ...(foreign ? [''] : [])] }, { bold: true, cells: [credit ? 'Balance to refund or apply' : 'Amount due', money(t.dueDoc), ...(foreign ? [''] : [])] }] : []),
  ];
  sheet.table([{ label: '', width: 150 }, { label: cur, width: 90, align: 'right' }, ...(foreign ? [{ label: `AED (at ${doc.rate})`, width: 90, align: 'right' as const }] : [])], totalRows, {
    width: foreign ? 330 : 240,
    header: foreign,
    size: 8.5,
  });

  // ── Tax summary per category ──
  sheet.heading('VAT summary', 40);
  sheet.table(
    [
      { label: 'Category', width: 150 },
      { label: 'Rate', width: 50, align: 'right' },
      { label: `Taxable (${cur})`, width: 80, align: 'right' },
      { label: `VAT (${cur})`, width: 75, align: 'right' },
      ...(foreign ? [{ label: 'Taxable (AED)', width: 80, align: 'right' as const }, { label: 'VAT (AED)', width: 75, align: 'right' as const }] : []),
    ],
    doc.taxSubtotals.map((s) => ({
      cells: [`${taxCodeLabels[s.taxCode]} (${UBL_TAX_CATEGORY[s.taxCode]})`, percentText(s.vatRateBps), money(s.netDoc), money(s.vatDoc), ...(foreign ? [aed(s.netAed), aed(s.vatAed)] : [])],
    })),
  );
  const reverse = doc.taxSubtotals.some((s) => s.taxCode === 'reverse_charge');
  if (reverse) sheet.text('Reverse charge: the recipient accounts for the VAT on the lines marked RC.', { size: 8, color: PDF_COLORS.muted, after: 4 });

  // ── Payment and notes ──
  if (doc.payee || doc.paymentTerms.trim()) {
    sheet.heading(credit ? 'Refund and terms' : 'Payment details', 50);
    if (doc.payee) {
      sheet.y += sheet.pairs([['Bank', doc.payee.bankName], ['Account name', doc.payee.accountName], ['IBAN', doc.payee.iban], ['Payment reference', doc.number]], left, width, 110) + 4;
    }
    if (doc.paymentTerms.trim()) sheet.text(doc.paymentTerms.trim(), { size: 8.5, after: 4 });
  }
  if (doc.notes.trim()) {
    sheet.heading('Notes', 20);
    sheet.text(doc.notes.trim(), { size: 8.5 });
  }
  return sheet.finish(`${doc.seller.name} · TRN ${doc.seller.trn ?? 'not registered'} · ${title} ${doc.number}`);
}

const shortTaxLabel: Record<InvoiceDocument['lines'][number]['taxCode'], string> = {
  standard: '5%',
  zero: '0%',
  exempt: 'Exempt',
  out_of_scope: 'Out of scope',
  reverse_charge: 'RC',
  import: 'RC',
};
