/**
 * The parts every business document PDF shares (invoices, credit notes, purchase orders), drawn with pdfkit on
 * A4: a sheet that keeps its own cursor and starts new pages with a running header, wrapped text, tables whose
 * cells wrap (a long description grows its row, never cut) and whose header repeats on each page, label/value
 * blocks, and "Page n of m" footers. Helvetica draws Latin text; when any text needs another script (Arabic,
 * the rupee sign) the sheet uses DejaVu Sans (Debian's fonts-dejavu-core). Server-only.
 * Text streams are left uncompressed under Vitest (or with `compress: false`) so tests can read them.
 */
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { groupThousands, minorToDecimal } from './money';

export const PDF_COLORS = { ink: '#1c2321', brand: '#0f4c45', muted: '#555555', rule: '#d5e2de', shade: '#eef4f2', footer: '#777777' };
const MARGIN = 40;
const PAD = 3;
const DEJAVU = { regular: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', bold: '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf' };
/** Characters the standard PDF fonts draw (Latin-1 and WinAnsi's punctuation and euro sign). */
const STANDARD = /^[\u0000-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]*$/;

/** Minor units as "1,234.56" with the currency's decimals (fils for AED), never through a float. */
export function moneyText(minor: bigint, currency = 'AED'): string {
  const text = minorToDecimal(minor < 0n ? -minor : minor, currency);
  const [whole, fraction] = text.split('.');
  const grouped = fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
  return minor < 0n ? `-${grouped}` : grouped;
}

/** Basis points as a rate: 500 → "5%", 250 → "2.5%". */
export function percentText(bps: number): string {
  return `${minorToDecimal(BigInt(bps), 2).replace(/\.?0+$/, '')}%`;
}

const UNITS: Record<string, string> = { C62: '', EA: '', MON: 'month', HUR: 'hour', DAY: 'day', ANN: 'year', MTK: 'm²', MTR: 'm', KGM: 'kg', LTR: 'litre', SET: 'set' };
/** A quantity with its UN/ECE rec 20 unit as a reader says it: "2.5 hour", "4" (pieces), "3 XYZ" for a code we do not name. */
export function quantityText(quantity: string, unitCode: string): string {
  const unit = UNITS[unitCode] ?? unitCode;
  return unit ? `${quantity} ${unit}` : quantity;
}

export type PdfColumn = { label: string; width: number; align?: 'left' | 'right' };
export type PdfRow = { cells: string[]; bold?: boolean };
type TextStyle = { bold?: boolean; size?: number; color?: string; x?: number; width?: number; align?: 'left' | 'right' | 'center'; after?: number };

export type PdfSheet = {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  /** The cursor: where the next thing is drawn. */
  y: number;
  font: (bold?: boolean) => string;
  /** Starts a new page when fewer than `height` points are left. */
  ensure: (height: number) => void;
  /** Wrapped text at the cursor; the cursor moves below it. */
  text: (text: string, style?: TextStyle) => void;
  /** A section heading with a rule under it, kept with the `keep` points that follow. */
  heading: (text: string, keep?: number) => void;
  /** Label and value pairs in a narrow column at x (for party and document details); returns the height used. */
  pairs: (rows: [string, string][], x: number, width: number, labelWidth: number) => number;
  /**
   * A table, cells wrapping, the header repeated on each new page. Its columns are scaled to the page's width,
   * or to `width` with the table set against the right margin (a totals block); `header: false` draws no header.
   */
  table: (columns: PdfColumn[], rows: PdfRow[], opts?: { empty?: string; size?: number; width?: number; header?: boolean }) => void;
  /** Numbers the pages, writes the footer on each and returns the file. */
  finish: (footer: string) => Promise<Uint8Array>;
};

export type SheetOptions = {
  title: string;
  subject: string;
  author: string;
  /** Every text the document will draw, to choose a font that has all their characters. */
  texts: string[];
  compress?: boolean;
  /** Draws the running header of the second and later pages (the cursor starts at the top margin). */
  continuation?: (sheet: PdfSheet) => void;
};

export function createSheet(opts: SheetOptions): PdfSheet {
  const unicode = opts.texts.some((t) => !STANDARD.test(t)) && existsSync(DEJAVU.regular) && existsSync(DEJAVU.bold);
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, compress: opts.compress ?? !process.env.VITEST, info: { Title: opts.title, Author: opts.author, Subject: opts.subject } });
  if (unicode) {
    doc.registerFont('Body', DEJAVU.regular);
    doc.registerFont('Bold', DEJAVU.bold);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const bottom = () => doc.page.height - MARGIN - 24;
  const newPage = () => {
    doc.addPage();
    sheet.y = MARGIN;
    opts.continuation?.(sheet);
  };

  const sheet: PdfSheet = {
    doc,
    left: MARGIN,
    width: doc.page.width - 2 * MARGIN,
    y: MARGIN,
    font: (bold = false) => (unicode ? (bold ? 'Bold' : 'Body') : bold ? 'Helvetica-Bold' : 'Helvetica'),
    ensure(height) {
      if (sheet.y + height > bottom()) newPage();
    },
    text(text, style = {}) {
      const width = style.width ?? sheet.width;
      doc.font(sheet.font(style.bold)).fontSize(style.size ?? 9).fillColor(style.color ?? PDF_COLORS.ink);
      sheet.ensure(doc.heightOfString(text, { width }));
      doc.text(text, style.x ?? sheet.left, sheet.y, { width, align: style.align ?? 'left' });
      sheet.y = doc.y + (style.after ?? 2);
    },
    heading(text, keep = 40) {
      sheet.ensure(30 + keep);
      sheet.y += 8;
      doc.font(sheet.font(true)).fontSize(10.5).fillColor(PDF_COLORS.brand).text(text, sheet.left, sheet.y, { width: sheet.width, lineBreak: false });
      sheet.y += 15;
      doc.moveTo(sheet.left, sheet.y).lineTo(sheet.left + sheet.width, sheet.y).lineWidth(0.6).strokeColor(PDF_COLORS.rule).stroke();
      sheet.y += 4;
    },
    pairs(rows, x, width, labelWidth) {
      let y = sheet.y;
      for (const [label, value] of rows) {
        doc.font(sheet.font(true)).fontSize(8).fillColor(PDF_COLORS.muted).text(label, x, y, { width: labelWidth - 4 });
        doc.font(sheet.font()).fontSize(8.5).fillColor(PDF_COLORS.ink);
        const h = Math.max(doc.heightOfString(value || ' ', { width: width - labelWidth }), 10);
        doc.text(value, x + labelWidth, y, { width: width - labelWidth });
        y += h + 2;
      }
      return y - sheet.y;
    },
    table(columns, rows, { empty, size = 7.5, width = sheet.width, header: withHeader = true } = {}) {
      const x0 = sheet.left + sheet.width - width;
      const scale = width / columns.reduce((s, c) => s + c.width, 0);
      const cols = columns.map((c) => ({ ...c, width: c.width * scale }));
      const rowHeight = (cells: string[], bold?: boolean) => {
        doc.font(sheet.font(bold)).fontSize(size);
        return Math.max(...cols.map((c, i) => doc.heightOfString(cells[i] || ' ', { width: c.width - 2 * PAD }))) + 2 * PAD;
      };
      const drawRow = (cells: string[], h: number, bold?: boolean) => {
        doc.font(sheet.font(bold)).fontSize(size).fillColor(PDF_COLORS.ink);
        let x = x0;
        cols.forEach((c, i) => {
          doc.text(cells[i] ?? '', x + PAD, sheet.y + PAD, { width: c.width - 2 * PAD, align: c.align ?? 'left' });
          x += c.width;
        });
        sheet.y += h;
      };
      const header = () => {
        if (!withHeader) return;
        const labels = cols.map((c) => c.label);
        const h = rowHeight(labels, true);
        doc.rect(x0, sheet.y, width, h).fill(PDF_COLORS.shade);
        drawRow(labels, h, true);
      };
      const headerHeight = withHeader ? rowHeight(cols.map((c) => c.label), true) : 0;
      sheet.ensure(headerHeight + (rows[0] ? rowHeight(rows[0].cells, rows[0].bold) : 16));
      header();
      if (rows.length === 0 && empty) {
        doc.font(sheet.font()).fontSize(size + 0.5).fillColor(PDF_COLORS.muted).text(empty, x0 + PAD, sheet.y + PAD, { width: width - 2 * PAD });
        sheet.y = doc.y + PAD;
      }
      for (const row of rows) {
        const h = rowHeight(row.cells, row.bold);
        if (sheet.y + h > bottom()) {
          newPage();
          header();
        }
        if (row.bold) doc.moveTo(x0, sheet.y).lineTo(x0 + width, sheet.y).lineWidth(0.6).strokeColor(PDF_COLORS.rule).stroke();
        drawRow(row.cells, h, row.bold);
      }
    },
    finish(footer) {
      const range = doc.bufferedPageRange();
      for (let i = 0; i < range.count; i++) {
        doc.switchToPage(range.start + i);
        doc.page.margins.bottom = 0;
        const footerY = doc.page.height - MARGIN - 10;
        doc.font(sheet.font()).fontSize(7.5).fillColor(PDF_COLORS.footer);
        doc.text(footer, sheet.left, footerY, { width: sheet.width - 80, lineBreak: false, ellipsis: true });
        doc.text(`Page ${i + 1} of ${range.count}`, sheet.left, footerY, { width: sheet.width, align: 'right', lineBreak: false });
      }
      doc.end();
      return done;
    },
  };
  return sheet;
}
