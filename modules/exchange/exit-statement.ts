/** A holder's settlement statement for a property exit, as a PDF (pdfkit, like the wallet statement). */
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '@modules/platform/contract';
import { formatDate } from '@modules/platform/dates';
import { unitsToShareString } from '@modules/properties/contract';
import { formatFils as amountText } from '@modules/platform/money';
import type { ExitStatement } from './exit-read';

const MARGIN = 48;
const INK = '#1c2321';
const BRAND = '#0f4c45';
const MUTED = '#555';
const minus = (v: bigint) => (v > 0n ? `-${amountText(v)}` : amountText(0n));

export function exitStatementPdf(s: ExitStatement, opts: { generatedAt: Date; compress?: boolean }): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: opts.compress ?? !process.env.VITEST,
    info: { Title: `${PRODUCT_NAME} — Settlement statement ${s.reference}`, Author: PRODUCT_NAME, Subject: `Sale of ${s.property.title}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const width = doc.page.width - MARGIN * 2;
  let y = MARGIN;
  const row = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor(bold ? INK : MUTED).text(label, MARGIN, y, { width: width - 160, lineBreak: false });
    doc.fillColor(INK).text(value, MARGIN + width - 160, y, { width: 160, align: 'right', lineBreak: false });
    y += 18;
  };
  const heading = (text: string) => {
    y += 8;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(BRAND).text(text, MARGIN, y, { lineBreak: false });
    y += 18;
    doc.moveTo(MARGIN, y - 4).lineTo(MARGIN + width, y - 4).strokeColor('#d5e2de').stroke();
  };

  doc.font('Helvetica-Bold').fontSize(16).fillColor(BRAND).text(PRODUCT_NAME, MARGIN, y, { lineBreak: false });
  y += 24;
  doc.fontSize(14).fillColor(INK).text('Settlement statement: property sale', MARGIN, y, { lineBreak: false });
  y += 22;
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`${s.holder.name} · Investor ID ${s.holder.unicode} · ${s.reference} · Amounts in AED`, MARGIN, y, { lineBreak: false });
  y += 14;

  const h = s.holder;
  heading(`The sale of ${s.property.title} (${s.property.reference})`);
  row('Sale date', formatDate(s.saleDate));
  row('Sale price', amountText(s.salePrice));
  row('Selling costs', minus(s.sellingCosts));
  row('Net proceeds to all holders', amountText(s.netProceeds), true);
  row('Shares in issue on the sale date', unitsToShareString(s.totalUnits));

  heading('Your share');
  row('Your shares', unitsToShareString(h.units));
  row('Your share of the net proceeds (pro rata)', amountText(h.gross), true);
  row('What your shares cost', amountText(h.cost));
  row('Your profit or loss', amountText(h.gross - h.cost));
  row('Performance fee (0.20% of the profit)', minus(h.performanceFee));
  row('VAT 5% on the fee', minus(h.vat));
  row('Early exit fee (not charged at a property sale)', amountText(0n));
  row('Credited to your wallet', amountText(h.net), true);

  y += 14;
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `Each holder's share is the net proceeds times their shares divided by all shares, rounded down to the fil; the fils left over go one each to the largest remainders, so the shares add up to the net proceeds exactly. Settled ${opts.generatedAt.toISOString().slice(0, 10) === s.settledAt.slice(0, 10) ? 'today' : formatDate(s.settledAt.slice(0, 10))}${h.journalReference ? `; journal entry ${h.journalReference}` : ''}. Client money is held in a segregated account.`,
      MARGIN,
      y,
      { width },
    );
  doc.end();
  return done;
}
