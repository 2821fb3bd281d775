/** PDF statements (trial balance, P&L, balance sheet, cash flow) drawn with pdfkit from the reports' JSON. */
import PDFDocument from 'pdfkit';
import { PRODUCT_NAME } from '../platform/contract';
import { formatFils } from '../platform/money';
import type { TrialBalanceJson } from './contract';
import type { BalanceSheetJson, CashFlowJson, CashFlowRow, ProfitAndLossJson, StatementSection } from './reports';

export type StatementKind = 'trial-balance' | 'profit-and-loss' | 'balance-sheet' | 'cash-flow';
export type StatementData = {
  'trial-balance': TrialBalanceJson;
  'profit-and-loss': ProfitAndLossJson;
  'balance-sheet': BalanceSheetJson;
  'cash-flow': CashFlowJson;
};
export type StatementPdfOptions = { from: string; to: string; generatedAt: Date; compress?: boolean };

export const statementTitles: Record<StatementKind, string> = {
  'trial-balance': 'Trial balance',
  'profit-and-loss': 'Profit and loss',
  'balance-sheet': 'Balance sheet',
  'cash-flow': 'Cash flow statement',
};

type Column = { label: string; width: number; amount?: boolean };
type Row = { cells: string[]; bold?: boolean; heading?: boolean; indent?: number };
type Table = { landscape?: boolean; columns: Column[]; rows: Row[] };

/** Integer fils as "1,234.56" (never through a float). */
export function amountText(fils: string | bigint): string {
  return formatFils(typeof fils === 'bigint' ? fils : BigInt(fils));
}

function trialBalanceTable(tb: TrialBalanceJson): Table {
  const amount = (label: string): Column => ({ label, width: 82, amount: true });
  const t = tb.totals;
  return {
    landscape: true,
    columns: [{ label: 'Code', width: 48 }, { label: 'Account', width: 222 }, amount('Opening Dr'), amount('Opening Cr'), amount('Period Dr'), amount('Period Cr'), amount('Closing Dr'), amount('Closing Cr')],
    rows: [
      ...tb.rows.map((r) => ({ cells: [r.accountCode, r.accountName, ...[r.opening.debit, r.opening.credit, r.movement.debit, r.movement.credit, r.debit, r.credit].map(amountText)] })),
      { bold: true, cells: ['', 'Total', ...[t.opening.debit, t.opening.credit, t.movement.debit, t.movement.credit, t.debit, t.credit].map(amountText)] },
    ],
  };
}

const statementColumns = (current: string, prior: string): Column[] => [
  { label: 'Code', width: 50 },
  { label: 'Account', width: 225 },
  { label: current, width: 110, amount: true },
  { label: prior, width: 110, amount: true },
];

function sectionRows(name: string, s: StatementSection, totalLabel: string): Row[] {
  return [
    { heading: true, cells: [name, '', '', ''] },
    ...s.rows.map((r) => ({ bold: r.isGroup, indent: r.depth, cells: [r.accountCode, r.accountName, amountText(r.amount), amountText(r.comparison)] })),
    { bold: true, cells: ['', totalLabel, amountText(s.total), amountText(s.comparisonTotal)] },
  ];
}

function profitAndLossTable(pl: ProfitAndLossJson): Table {
  return {
    columns: statementColumns(`${pl.from} to ${pl.to}`, `${pl.comparison.from} to ${pl.comparison.to}`),
    rows: [
      ...sectionRows('Income', pl.income, 'Total income'),
      ...sectionRows('Expenses', pl.expenses, 'Total expenses'),
      { bold: true, cells: ['', 'Net income', amountText(pl.netIncome), amountText(pl.comparisonNetIncome)] },
    ],
  };
}

function balanceSheetTable(bs: BalanceSheetJson): Table {
  return {
    columns: statementColumns(`At ${bs.asOf}`, `At ${bs.comparisonAsOf}`),
    rows: [
      ...sectionRows('Assets', bs.assets, 'Total assets'),
      ...sectionRows('Liabilities', bs.liabilities, 'Total liabilities'),
      ...sectionRows('Equity', bs.equity, 'Total equity'),
      { cells: ['', 'Current earnings (not yet closed)', amountText(bs.currentEarnings), amountText(bs.comparisonCurrentEarnings)] },
      { bold: true, cells: ['', 'Total liabilities and equity', amountText(bs.totalLiabilitiesAndEquity), amountText(bs.comparisonTotalLiabilitiesAndEquity)] },
    ],
  };
}

function cashFlowTable(cf: CashFlowJson): Table {
  const change = (r: CashFlowRow): Row => ({ cells: [r.accountCode, `Change in ${r.accountName}`, amountText(r.amount), amountText(r.comparison)] });
  const rows: Row[] = [
    { heading: true, cells: ['Operating activities', '', '', ''] },
    { cells: ['', 'Net income', amountText(cf.operating.netIncome), amountText(cf.operating.comparisonNetIncome)] },
    ...cf.operating.adjustments.map(change),
    { bold: true, cells: ['', 'Net cash from operating activities', amountText(cf.operating.total), amountText(cf.operating.comparisonTotal)] },
  ];
  for (const [name, s] of [['Investing', cf.investing], ['Financing', cf.financing]] as const) {
    rows.push({ heading: true, cells: [`${name} activities`, '', '', ''] }, ...s.rows.map(change));
    rows.push({ bold: true, cells: ['', `Net cash from ${name.toLowerCase()} activities`, amountText(s.total), amountText(s.comparisonTotal)] });
  }
  rows.push(
    { bold: true, cells: ['', 'Net change in cash', amountText(cf.netChange), amountText(cf.comparisonNetChange)] },
    { cells: ['', 'Cash at the start', amountText(cf.openingCash), amountText(cf.comparisonOpeningCash)] },
    { bold: true, cells: ['', 'Cash at the end', amountText(cf.closingCash), amountText(cf.comparisonClosingCash)] },
  );
  return { columns: statementColumns(`${cf.from} to ${cf.to}`, `${cf.comparison.from} to ${cf.comparison.to}`), rows };
}

function tableFor<K extends StatementKind>(kind: K, data: StatementData[K]): Table {
  switch (kind) {
    case 'trial-balance':
      return trialBalanceTable(data as TrialBalanceJson);
    case 'profit-and-loss':
      return profitAndLossTable(data as ProfitAndLossJson);
    case 'balance-sheet':
      return balanceSheetTable(data as BalanceSheetJson);
    default:
      return cashFlowTable(data as CashFlowJson);
  }
}

const MARGIN = 40;
const ROW_H = 16;
const INK = '#1c2321';
const BRAND = '#0f4c45';
const RULE = '#d8d2c4';

/**
 * The statement as an A4 PDF: company name, title, period and generation time on top; a table whose
 * header repeats on every page; amounts right-aligned in AED with two decimals; totals in bold; page numbers.
 * Text streams are left uncompressed under Vitest (or with `compress: false`) so tests can read them.
 */
export function statementPdf<K extends StatementKind>(kind: K, data: StatementData[K], opts: StatementPdfOptions): Promise<Uint8Array> {
  const table = tableFor(kind, data);
  const title = statementTitles[kind];
  const doc = new PDFDocument({
    size: 'A4',
    layout: table.landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    compress: opts.compress ?? !process.env.VITEST,
    info: { Title: `${PRODUCT_NAME} — ${title}`, Author: PRODUCT_NAME, Subject: `${title}, ${opts.from} to ${opts.to}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });

  const width = table.columns.reduce((s, c) => s + c.width, 0);
  const left = MARGIN + Math.max(0, (doc.page.width - 2 * MARGIN - width) / 2);
  const bottom = () => doc.page.height - MARGIN - 24;
  const generated = opts.generatedAt.toISOString().replace('T', ' ').slice(0, 16);

  const cell = (text: string, x: number, y: number, col: Column, indent = 0) =>
    doc.text(text, x + 4 + indent, y + 4, { width: col.width - 8 - indent, align: col.amount ? 'right' : 'left', lineBreak: false, ellipsis: true });

  let y = 0;
  const pageHeader = (first: boolean) => {
    y = MARGIN;
    doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(first ? 16 : 11).text(PRODUCT_NAME, left, y, { lineBreak: false });
    y += first ? 22 : 16;
    doc.fillColor(INK).fontSize(first ? 14 : 10).text(title, left, y, { lineBreak: false });
    y += first ? 20 : 14;
    doc.font('Helvetica').fontSize(9).fillColor('#555').text(`Period: ${opts.from} to ${opts.to}  ·  Amounts in AED  ·  Generated ${generated} UTC`, left, y, { lineBreak: false });
    y += 22;
    doc.rect(left, y, width, ROW_H + 2).fill('#eef4f2');
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(8);
    let x = left;
    for (const col of table.columns) {
      cell(col.amount ? `${col.label} (AED)` : col.label, x, y + 1, col);
      x += col.width;
    }
    y += ROW_H + 2;
  };

  pageHeader(true);
  for (const row of table.rows) {
    if (y + ROW_H > bottom()) {
      doc.addPage();
      pageHeader(false);
    }
    if (row.bold && !row.heading) doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.6).strokeColor(RULE).stroke();
    doc.fillColor(row.heading ? BRAND : INK).font(row.bold || row.heading ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    let x = left;
    table.columns.forEach((col, i) => {
      cell(row.cells[i] ?? '', x, y, col, i === 1 ? Math.min(row.indent ?? 0, 6) * 8 : 0);
      x += col.width;
    });
    y += ROW_H;
  }
  if (table.rows.length === 0) doc.font('Helvetica').fontSize(9).fillColor(INK).text('No balances in this period.', left, y + 6);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const footerY = doc.page.height - MARGIN - 10;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#777');
    doc.text(`${PRODUCT_NAME} · ${title}`, left, footerY, { lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, left, footerY, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
