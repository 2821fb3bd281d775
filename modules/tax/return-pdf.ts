/**
 * The VAT 201 as a PDF in the FTA's layout (taxable person, period, VAT on sales and all other outputs, VAT on
 * expenses and all other inputs, net VAT due) and as CSV rows (box, description, amount, VAT, adjustment).
 */
import PDFDocument from 'pdfkit';
import type { CsvCell } from '@api/list';
import { PRODUCT_NAME } from '@modules/platform/contract';
import { formatDate } from '@modules/platform/dates';
import { formatFils, minorToDecimalString } from '@modules/platform/money';
import { ADJUSTMENT_COLUMN_BOXES, emirateLabels, EMIRATE_BOX, type Emirate } from './contract';
import { RETURN_BOXES, returnBoxLabels, vatPeriodStatusLabels, type ReturnBox, type VatReturnJson } from './return-contract';

export const RETURN_CSV_HEADER = ['Box', 'Description', 'Amount (AED)', 'VAT (AED)', 'Adjustment (AED)'] as const;

export function returnCsvRows(r: VatReturnJson): CsvCell[][] {
  const d = (s: string) => minorToDecimalString(BigInt(s));
  return RETURN_BOXES.map((b) => {
    const f = r.boxes[b];
    return Number(b) >= 12 ? [b, returnBoxLabels[b], '', d(f.vat), ''] : [b, returnBoxLabels[b], d(f.amount), d(f.vat), d(f.adjustment)];
  });
}

const MARGIN = 40;
const INK = '#1c2321';
const BRAND = '#0f4c45';
const MUTED = '#555';
const RULE = '#d8d2c4';
const amount = (s: string) => formatFils(BigInt(s));
const hasAdjustment = (b: ReturnBox) => (ADJUSTMENT_COLUMN_BOXES as readonly string[]).includes(b) || b === '8' || b === '11';

/** The return on A4. Text streams stay uncompressed under Vitest so tests can read them. */
export function returnPdf(r: VatReturnJson, opts: { generatedAt: Date; compress?: boolean }): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: opts.compress ?? !process.env.VITEST,
    info: { Title: `VAT return ${r.period}`, Author: PRODUCT_NAME, Subject: `VAT 201, ${r.from} to ${r.to}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const cols = [{ w: 34 }, { w: width - 34 - 3 * 92 }, { w: 92 }, { w: 92 }, { w: 92 }];
  let y = MARGIN;
  const text = (s: string, x: number, w: number, align: 'left' | 'right' = 'left') => doc.text(s, x, y + 3, { width: w - 6, align, lineBreak: false, ellipsis: true });
  const row = (cells: string[], opts: { bold?: boolean; shade?: boolean } = {}) => {
    if (opts.shade) doc.rect(MARGIN, y, width, 16).fill('#eef4f2');
    doc.fillColor(INK).font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let x = MARGIN;
    cells.forEach((c, i) => {
      text(c, x + 3, cols[i]!.w, i >= 2 ? 'right' : 'left');
      x += cols[i]!.w;
    });
    y += 16;
  };
  const heading = (s: string) => {
    y += 8;
    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(10).text(s, MARGIN, y, { lineBreak: false });
    y += 16;
  };
  const boxRow = (b: ReturnBox, bold = false) => {
    const f = r.boxes[b];
    if (Number(b) >= 12) return row([b, returnBoxLabels[b], '', amount(f.vat), ''], { bold: true });
    row([b, returnBoxLabels[b], amount(f.amount), amount(f.vat), hasAdjustment(b) ? amount(f.adjustment) : ''], { bold });
  };

  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(16).text(PRODUCT_NAME, MARGIN, y, { lineBreak: false });
  y += 22;
  doc.fillColor(INK).fontSize(14).text('VAT return (VAT 201)', MARGIN, y, { lineBreak: false });
  y += 22;
  const status = r.filing ? `${vatPeriodStatusLabels[r.status]} on ${formatDate(r.filing.filedAt.slice(0, 10))}, FTA reference ${r.filing.reference}` : vatPeriodStatusLabels[r.status];
  const facts: [string, string][] = [
    ['Taxable person', r.registration.legalName],
    ['TRN', r.registration.registered ? r.registration.trn : `${r.registration.trn} (not yet registered in the tax settings)`],
    ['Address', r.registration.address || '—'],
    ['Tax period', `${r.period}: ${formatDate(r.from)} to ${formatDate(r.to)}`],
    ['Due date', formatDate(r.dueDate)],
    ['Status', status],
  ];
  for (const [k, v] of facts) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(k, MARGIN, y, { width: 110, lineBreak: false });
    doc.font('Helvetica').fillColor(INK).text(v, MARGIN + 110, y, { width: width - 110, lineBreak: false, ellipsis: true });
    y += 14;
  }

  heading('VAT on sales and all other outputs');
  row(['Box', 'Description', 'Amount (AED)', 'VAT amount (AED)', 'Adjustment (AED)'], { bold: true, shade: true });
  for (const b of RETURN_BOXES.slice(0, 14)) boxRow(b, b === '8');
  const pc = r.platformCharges;
  if (pc.amount !== '0' || pc.vat !== '0') {
    const emirate = (Object.keys(EMIRATE_BOX) as Emirate[]).find((e) => EMIRATE_BOX[e] === pc.box);
    doc.font('Helvetica-Oblique').fontSize(7.5).fillColor(MUTED);
    doc.text(`Box ${pc.box} includes platform charges to investors in ${emirate ? emirateLabels[emirate] : pc.box}: AED ${amount(pc.amount)}, VAT AED ${amount(pc.vat)}.`, MARGIN, y + 2, { width, lineBreak: false });
    y += 14;
  }
  heading('VAT on expenses and all other inputs');
  row(['Box', 'Description', 'Amount (AED)', 'Recoverable VAT (AED)', 'Adjustment (AED)'], { bold: true, shade: true });
  for (const b of ['9', '10', '11'] as const) boxRow(b, b === '11');
  if (r.otherRecoverableVat !== '0') {
    doc.font('Helvetica-Oblique').fontSize(7.5).fillColor(MUTED);
    doc.text(`Box 9 includes other recoverable VAT from journal entries: AED ${amount(r.otherRecoverableVat)}.`, MARGIN, y + 2, { width, lineBreak: false });
    y += 14;
  }
  heading('Net VAT due');
  for (const b of ['12', '13', '14'] as const) boxRow(b);
  y += 6;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(0.6).strokeColor(RULE).stroke();
  const net = BigInt(r.boxes['14'].vat);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(
    net >= 0n ? `Payable to the Federal Tax Authority by ${formatDate(r.dueDate)}.` : 'Refundable by the Federal Tax Authority (or carried forward).',
    MARGIN,
    y + 6,
    { width, lineBreak: false },
  );
  doc.page.margins.bottom = 0;
  doc.text(`Amounts in AED. Generated ${opts.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.`, MARGIN, doc.page.height - MARGIN - 10, { width, lineBreak: false });
  doc.end();
  return done;
}
