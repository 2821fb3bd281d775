/** Wallet statements: CSV (papaparse) and PDF (pdfkit), from the same rows. */
import Papa from 'papaparse';
import PDFDocument from 'pdfkit';
import { minorToDecimalString, PRODUCT_NAME } from '../platform/contract';
import { walletTransactionKindLabels, type WalletTransactionJson } from './contract';

export type StatementData = {
  user: { firstName: string; lastName: string; email: string; unicode: string } | null;
  from: string;
  to: string;
  rows: WalletTransactionJson[];
  openingBalance: bigint;
  closingBalance: bigint;
  moneyIn: bigint;
  moneyOut: bigint;
};

/** Fils as "1,234.56" (never through a float). */
export function amountText(fils: string | bigint): string {
  const s = minorToDecimalString(typeof fils === 'bigint' ? fils : BigInt(fils));
  const negative = s.startsWith('-');
  const [whole, cents] = (negative ? s.slice(1) : s).split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Dubai local date and time of an ISO instant: "2026-03-14 09:05". */
const dubaiTime = (isoString: string) => new Date(new Date(isoString).getTime() + 4 * 3_600_000).toISOString().replace('T', ' ').slice(0, 16);

/** A cell that a spreadsheet would run as a formula is prefixed with a quote. */
const safeCell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export function statementCsv(data: StatementData): string {
  const rows: string[][] = [
    ['Date (Dubai)', 'Type', 'Description', 'Amount (AED)', 'Balance (AED)', 'Journal entry'],
    [data.from, 'Opening balance', '', '', minorToDecimalString(data.openingBalance), ''],
    ...data.rows.map((r) => [
      dubaiTime(r.createdAt),
      walletTransactionKindLabels[r.kind],
      safeCell(r.description),
      minorToDecimalString(BigInt(r.amount)),
      minorToDecimalString(BigInt(r.balanceAfter)),
      r.journalReference ?? '',
    ]),
    [data.to, 'Closing balance', '', '', minorToDecimalString(data.closingBalance), ''],
  ];
  return `${Papa.unparse(rows, { newline: '\r\n' })}\r\n`;
}

const MARGIN = 40;
const ROW_H = 16;
const INK = '#1c2321';
const BRAND = '#0f4c45';

type Column = { label: string; width: number; amount?: boolean };
const COLUMNS: Column[] = [
  { label: 'Date (Dubai)', width: 82 },
  { label: 'Type', width: 78 },
  { label: 'Description', width: 185 },
  { label: 'Amount (AED)', width: 85, amount: true },
  { label: 'Balance (AED)', width: 85, amount: true },
];

export function statementPdf(data: StatementData, opts: { generatedAt: Date; compress?: boolean }): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: opts.compress ?? !process.env.VITEST,
    info: { Title: `${PRODUCT_NAME} — Wallet statement`, Author: PRODUCT_NAME, Subject: `Wallet statement, ${data.from} to ${data.to}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const width = COLUMNS.reduce((s, c) => s + c.width, 0);
  const left = MARGIN;
  const bottom = () => doc.page.height - MARGIN - 24;
  const cell = (text: string, x: number, y: number, col: Column) =>
    doc.text(text, x + 4, y + 4, { width: col.width - 8, align: col.amount ? 'right' : 'left', lineBreak: false, ellipsis: true });
  const name = data.user ? `${data.user.firstName} ${data.user.lastName}`.trim() : '';

  let y = MARGIN;
  const header = (first: boolean) => {
    y = MARGIN;
    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(first ? 16 : 11).text(PRODUCT_NAME, left, y, { lineBreak: false });
    y += first ? 22 : 16;
    doc.fillColor(INK).fontSize(first ? 14 : 10).text('Wallet statement', left, y, { lineBreak: false });
    y += first ? 20 : 14;
    if (first && data.user) {
      doc.font('Helvetica').fontSize(9).fillColor(INK).text(`${name} · ${data.user.email} · Investor ID ${data.user.unicode}`, left, y, { lineBreak: false });
      y += 14;
    }
    doc.font('Helvetica').fontSize(9).fillColor('#555').text(`Period: ${data.from} to ${data.to}  ·  Amounts in AED  ·  Generated ${opts.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`, left, y, { lineBreak: false });
    y += 18;
    if (first) {
      const summary = [
        ['Opening balance', data.openingBalance],
        ['Money in', data.moneyIn],
        ['Money out', -data.moneyOut],
        ['Closing balance', data.closingBalance],
      ] as const;
      doc.fontSize(9);
      summary.forEach(([label, value], i) => {
        const x = left + i * (width / 4);
        doc.fillColor('#555').font('Helvetica').text(label, x, y, { width: width / 4 - 8, lineBreak: false });
        doc.fillColor(INK).font('Helvetica-Bold').text(amountText(value), x, y + 12, { width: width / 4 - 8, lineBreak: false });
      });
      y += 34;
    }
    doc.rect(left, y, width, ROW_H + 2).fill('#eef4f2');
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(8);
    let x = left;
    for (const col of COLUMNS) {
      cell(col.label, x, y + 1, col);
      x += col.width;
    }
    y += ROW_H + 2;
  };

  header(true);
  doc.font('Helvetica').fontSize(8).fillColor(INK);
  const line = (cells: string[], bold = false) => {
    if (y + ROW_H > bottom()) {
      doc.addPage();
      header(false);
    }
    doc.fillColor(INK).font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let x = left;
    COLUMNS.forEach((col, i) => {
      cell(cells[i] ?? '', x, y, col);
      x += col.width;
    });
    y += ROW_H;
  };
  line([data.from, 'Opening balance', '', '', amountText(data.openingBalance)], true);
  for (const r of data.rows) {
    line([dubaiTime(r.createdAt), walletTransactionKindLabels[r.kind], r.description, amountText(r.amount), amountText(r.balanceAfter)]);
  }
  if (data.rows.length === 0) line(['', 'No movements in this period.', '', '', '']);
  line([data.to, 'Closing balance', '', '', amountText(data.closingBalance)], true);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    const footerY = doc.page.height - MARGIN - 10;
    doc.font('Helvetica').fontSize(8).fillColor('#777');
    doc.text(`${PRODUCT_NAME} · Wallet statement · Client money is held in a segregated account.`, left, footerY, { lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, left, footerY, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
