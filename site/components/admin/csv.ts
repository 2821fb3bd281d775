/**
 * CSV export of what an admin table shows. RFC 4180 quoting, CRLF line ends, and a guard against
 * spreadsheet formula injection: the rows are typed by the public (names, messages), so a text cell
 * that starts with = + - @ or a tab/carriage return is prefixed with an apostrophe.
 */
export type CsvColumn<T> = { header: string; value: (row: T) => string | number | null | undefined };

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCsvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? String(value) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T>(columns: CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => escapeCsvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => escapeCsvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** 'manzil-waitlist-2025-03-14.csv' (the date in UTC, so it matches the ISO timestamps inside). */
export function csvFilename(name: string, date = new Date()): string {
  return `manzil-${name}-${date.toISOString().slice(0, 10)}.csv`;
}

/** Saves a CSV in the browser. The byte-order mark makes Excel read UTF-8 (Arabic names, accents) correctly. */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
