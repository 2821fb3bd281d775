/**
 * The investor's monthly or annual account statement as a PDF (pdfkit, A4), drawn from the statement's JSON:
 * a summary, then one table per section with its header repeated on each page, and numbered pages. Amounts
 * are AED with the display currency alongside. The standard Helvetica draws Latin text; a name or title in
 * another script switches to DejaVu Sans (Debian's fonts-dejavu-core) when it is installed.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '@modules/platform/contract';
import { formatDate, monthYear } from '@modules/platform/dates';
import { convertMinor, formatFils, type CurrencyCode } from '@modules/platform/money';
import { unitsToShareString } from '@modules/properties/contract';
import { FEE_KINDS, feeKindLabels, type StatementJson } from './contract';

const MARGIN = 40;
const ROW_H = 16;
const INK = '#1c2321';
const BRAND = '#0f4c45';
const MUTED = '#555555';
const RULE = '#d5e2de';
const DEJAVU = { regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' };

/** Characters the standard PDF fonts draw (Latin-1 and WinAnsi's punctuation). */
const STANDARD = /^[\u0000-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]*$/;

type Column = { label: string; width: number; amount?: boolean };
type Row = { cells: string[]; bold?: boolean };

export const statementTitle = (s: Pick<StatementJson, 'kind' | 'period'>) =>
  s.kind === 'monthly' ? `Monthly account statement, ${monthYear(`${s.period}-01`)}` : `Annual statement, ${s.period}`;

export const statementFilename = (s: Pick<StatementJson, 'kind' | 'period'>) => `manzil-${s.kind === 'monthly' ? 'monthly' : 'annual'}-statement-${s.period}.pdf`;

const venueLabel: Record<string, string> = { order: 'Exchange', pool: 'Liquidity pool', exit: 'Property sale' };

export function statementPdf(s: StatementJson, opts: { compress?: boolean } = {}): Promise<Uint8Array> {
  const code: CurrencyCode = s.displayCurrency.code;
  const alongside = code !== 'AED';
  const aed = (v: string | bigint) => formatFils(typeof v === 'bigint' ? v : BigInt(v));
  const shown = (v: string | bigint) => `${code} ${formatFils(convertMinor(typeof v === 'bigint' ? v : BigInt(v), 'AED', code))}`;
  const title = statementTitle(s);

  const texts = [s.investor.name, ...s.holdings.map((h) => h.title), ...s.distributions.items.map((d) => d.propertyTitle), ...s.purchases.map((p) => p.propertyTitle), ...s.sales.map((x) => x.propertyTitle)];
  const unicode = texts.some((t) => !STANDARD.test(t)) && existsSync(DEJAVU.regular) && existsSync(DEJAVU.bold);

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: opts.compress ?? !process.env.VITEST,
    info: { Title: `${PRODUCT_NAME} - ${title}`, Author: PRODUCT_NAME, Subject: `${title} for ${s.investor.name}` },
  });
  if (unicode) {
    doc.registerFont('Body', DEJAVU.regular);
    doc.registerFont('Bold', DEJAVU.bold);
  }
  const REGULAR = unicode ? 'Body' : 'Helvetica';
  const BOLD = unicode ? 'Bold' : 'Helvetica-Bold';
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - 28;
  let y = MARGIN;
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
    doc.font(BOLD).fontSize(10).fillColor(BRAND).text(`${PRODUCT_NAME} · ${title}`, MARGIN, y, { lineBreak: false });
    y += 20;
  };
  const need = (h: number) => {
    if (y + h > bottom()) newPage();
  };
  const heading = (text: string, note?: string) => {
    // The heading, its note, the table's header and a first row stay together.
    need(44 + (note ? 12 : 0) + ROW_H * 2 + 2);
    y += 10;
    doc.font(BOLD).fontSize(11).fillColor(BRAND).text(text, MARGIN, y, { lineBreak: false });
    y += 16;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).strokeColor(RULE).stroke();
    y += 4;
    if (note) {
      doc.font(REGULAR).fontSize(8).fillColor(MUTED).text(note, MARGIN, y, { width });
      y = doc.y + 4;
    }
  };
  /** The text cut with an ellipsis to fit `width` in the current font (pdfkit would wrap it). */
  const fit = (text: string, width: number) => {
    if (doc.widthOfString(text) <= width) return text;
    let cut = text;
    while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  const cell = (text: string, x: number, col: Column) => doc.text(fit(text, col.width - 6), x + 3, y + 4, { width: col.width - 6, align: col.amount ? 'right' : 'left', lineBreak: false });
  const header = (cols: Column[]) => {
    doc.rect(MARGIN, y, width, ROW_H + 2).fill('#eef4f2');
    doc.font(BOLD).fontSize(7.5).fillColor(INK);
    let x = MARGIN;
    for (const c of cols) {
      cell(c.label, x, c);
      x += c.width;
    }
    y += ROW_H + 2;
  };
  /** A table whose widths fill the page; `empty` is said when there are no rows. */
  const table = (cols: Column[], rows: Row[], empty: string) => {
    const scale = width / cols.reduce((t, c) => t + c.width, 0);
    const fitted = cols.map((c) => ({ ...c, width: c.width * scale }));
    need(ROW_H * 2 + 4);
    header(fitted);
    if (rows.length === 0) {
      doc.font(REGULAR).fontSize(8.5).fillColor(MUTED).text(empty, MARGIN + 3, y + 4, { lineBreak: false });
      y += ROW_H;
      return;
    }
    for (const r of rows) {
      if (y + ROW_H > bottom()) {
        newPage();
        header(fitted);
      }
      doc.font(r.bold ? BOLD : REGULAR).fontSize(8).fillColor(INK);
      let x = MARGIN;
      fitted.forEach((c, i) => {
        cell(r.cells[i] ?? '', x, c);
        x += c.width;
      });
      y += ROW_H;
    }
  };
  /** Label, AED and (when another currency is chosen) the display currency. */
  const moneyCols = (label: string, labelWidth = 300): Column[] => [{ label, width: labelWidth }, { label: 'AED', width: 110, amount: true }, ...(alongside ? [{ label: code, width: 110, amount: true }] : [])];
  const moneyRow = (label: string, v: string | bigint, bold = false): Row => ({ cells: [label, aed(v), ...(alongside ? [shown(v)] : [])], bold });

  // ── First page: who, when, and the summary ──
  doc.font(BOLD).fontSize(16).fillColor(BRAND).text(PRODUCT_NAME, MARGIN, y, { lineBreak: false });
  y += 24;
  doc.fontSize(14).fillColor(INK).text(title, MARGIN, y, { lineBreak: false });
  y += 22;
  doc.font(REGULAR).fontSize(9).fillColor(INK).text(`${s.investor.name} · ${s.investor.email} · Investor ID ${s.investor.unicode}`, MARGIN, y, { width });
  y = doc.y + 2;
  const span = `Period: ${formatDate(s.from)} to ${formatDate(s.to)}${s.complete ? '' : ' (the period is still running: figures up to this day)'}`;
  doc.fillColor(MUTED).text(`${span} · Generated ${s.generatedAt.replace('T', ' ').slice(0, 16)} UTC`, MARGIN, y, { width });
  y = doc.y + 2;
  doc.text(s.displayCurrency.note, MARGIN, y, { width });
  y = doc.y + 4;

  heading('Summary');
  table(
    moneyCols(''),
    [
      moneyRow('Wallet balance at the start', s.wallet.opening),
      moneyRow('Wallet balance at the end', s.wallet.closing, true),
      moneyRow('Distributions received', s.distributions.total),
      moneyRow('Fees charged', s.fees.total),
      moneyRow('Purchases', s.totals.purchases),
      moneyRow('Sales (net proceeds)', s.totals.sales),
      moneyRow('Realised gains (sales)', s.gains.realised),
      moneyRow('Unrealised gains (holdings at the end)', s.gains.unrealised),
      moneyRow('Holdings at the end, at their valuations', s.totals.holdingsValue, true),
    ],
    '',
  );

  heading('Wallet', 'What moved your wallet in the period, by kind (money in positive, money out negative).');
  table(
    moneyCols('Movement'),
    [moneyRow('Opening balance', s.wallet.opening, true), ...s.wallet.byKind.map((k) => moneyRow(k.label, k.amount)), moneyRow('Closing balance', s.wallet.closing, true)],
    '',
  );

  heading('Distributions received', "Your share of each property's rent after costs and the reserve, pro rata to the units you held at the record date.");
  table(
    [
      { label: 'Paid', width: 62 },
      { label: 'Property', width: 150 },
      { label: 'For', width: 44 },
      { label: 'Shares', width: 52, amount: true },
      { label: 'Amount', width: 70, amount: true },
      { label: 'Fee netted', width: 62, amount: true },
      { label: 'Net', width: 70, amount: true },
    ],
    [
      ...s.distributions.items.map((d) => ({ cells: [formatDate(d.paidOn), d.propertyTitle, d.period, unitsToShareString(BigInt(d.units)), aed(d.amount), aed(d.feeNetted), aed(d.net)] })),
      ...(s.distributions.items.length ? [{ bold: true, cells: ['Total', '', '', '', aed(s.distributions.total), aed(s.distributions.feeNetted), aed(s.distributions.net)] }] : []),
    ],
    'No distributions were paid to you in this period.',
  );

  heading('Fees by kind', `Fees charged in the period. Platform fee still owed at the end of the period: AED ${aed(s.fees.platformOwedAtEnd)}.`);
  table(moneyCols('Fee'), [...FEE_KINDS.map((k) => moneyRow(feeKindLabels[k], s.fees.byKind[k])), moneyRow('Total', s.fees.total, true)], '');

  heading('Purchases');
  table(
    [
      { label: 'Date', width: 62 },
      { label: 'Reference', width: 70 },
      { label: 'Property', width: 150 },
      { label: 'Shares', width: 52, amount: true },
      { label: 'Price paid', width: 70, amount: true },
      { label: 'Fees', width: 56, amount: true },
      { label: 'Total', width: 70, amount: true },
    ],
    s.purchases.map((p) => ({ cells: [formatDate(p.date), p.reference, `${p.propertyTitle}${p.status === 'cancelled' ? ' (cancelled, refunded)' : p.status === 'bought' ? ' (exchange)' : ''}`, unitsToShareString(BigInt(p.units)), aed(p.amount), aed(p.fees), aed(p.total)] })),
    'No purchases in this period.',
  );

  heading('Sales and realised gains', 'Realised gain: net proceeds less what the units sold cost, oldest units first (FIFO).');
  table(
    [
      { label: 'Date', width: 56 },
      { label: 'Property', width: 124 },
      { label: 'Where', width: 62 },
      { label: 'Shares', width: 48, amount: true },
      { label: 'Fees', width: 52, amount: true },
      { label: 'Net', width: 64, amount: true },
      { label: 'Cost', width: 64, amount: true },
      { label: 'Gain', width: 60, amount: true },
    ],
    [
      ...s.sales.map((x) => ({ cells: [formatDate(x.date), x.propertyTitle, venueLabel[x.venue] ?? x.venue, unitsToShareString(BigInt(x.units)), aed(x.fees), aed(x.net), aed(x.cost), aed(x.gain)] })),
      ...(s.sales.length ? [{ bold: true, cells: ['Total', '', '', '', '', aed(s.totals.sales), '', aed(s.gains.realised)] }] : []),
    ],
    'No sales in this period.',
  );

  heading(`Holdings on ${formatDate(s.to)} and unrealised gains`, 'Value: the valuation in force that day × your units ÷ all units. Unrealised gain: value less the FIFO cost of the units held.');
  table(
    [
      { label: 'Property', width: 150 },
      { label: 'Shares', width: 56, amount: true },
      { label: 'Valued on', width: 62 },
      { label: 'Cost', width: 72, amount: true },
      { label: 'Value', width: 72, amount: true },
      { label: 'Gain', width: 66, amount: true },
    ],
    [
      ...s.holdings.map((h) => ({ cells: [h.title, unitsToShareString(BigInt(h.units)), h.valuedOn ? formatDate(h.valuedOn) : 'Purchase price', aed(h.cost), aed(h.value), aed(h.gain)] })),
      ...(s.holdings.length ? [{ bold: true, cells: ['Total', '', '', aed(s.totals.holdingsCost), aed(s.totals.holdingsValue), aed(s.gains.unrealised)] }] : []),
    ],
    'You held no units at the end of this period.',
  );

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.page.margins.bottom = 0;
    const footerY = doc.page.height - MARGIN - 10;
    doc.font(REGULAR).fontSize(7.5).fillColor('#777777');
    doc.text(`${PRODUCT_NAME} · ${title} · ${s.investor.unicode} · Client money is held in a segregated account.`, MARGIN, footerY, { width: width - 70, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i + 1} of ${range.count}`, MARGIN, footerY, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
