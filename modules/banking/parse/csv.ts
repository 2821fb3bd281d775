/**
 * A bank's CSV export read with the account's column mapping (contract.ts CsvMapping): the date in the mapped
 * format, one signed amount column or debit and credit columns, the description, reference and counterparty
 * columns, and (when mapped) the running balance, from which the opening and closing balances follow.
 */
import type { CsvDateFormat, CsvMapping } from '../contract';
import { amountToFils } from './amount';
import { field, StatementParseError, type ParsedLine, type ParsedStatement } from './types';

/** RFC 4180 rows: quoted fields may hold the delimiter, doubled quotes and line breaks. A BOM is dropped. */
export function splitCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

const DATE_PATTERNS: Record<CsvDateFormat, RegExp> = {
  'DD/MM/YYYY': /^(?<d>\d{1,2})[/.-](?<m>\d{1,2})[/.-](?<y>\d{4}|\d{2})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})[/.-](?<d>\d{1,2})[/.-](?<y>\d{4}|\d{2})$/,
  'YYYY-MM-DD': /^(?<y>\d{4})[/.-](?<m>\d{1,2})[/.-](?<d>\d{1,2})$/,
};

/** A date cell in the mapped format → YYYY-MM-DD, or null. A time after the date ("15/03/2026 10:22") is ignored. */
export function csvDate(text: string, format: CsvDateFormat): string | null {
  const first = text.trim().split(/[\sT]/)[0] ?? '';
  const g = DATE_PATTERNS[format].exec(first)?.groups;
  if (!g) return null;
  const y = g.y.length === 2 ? `20${g.y}` : g.y;
  const iso = `${y}-${g.m.padStart(2, '0')}-${g.d.padStart(2, '0')}`;
  const t = Date.UTC(Number(y), Number(g.m) - 1, Number(g.d));
  return new Date(t).toISOString().slice(0, 10) === iso ? iso : null;
}

/** The rows the mapping reads as data: after the skipped rows and the header. */
export function csvDataRows(text: string, mapping: Pick<CsvMapping, 'delimiter' | 'hasHeader' | 'skipRows'>): { header: string[] | null; rows: string[][] } {
  const all = splitCsv(text, mapping.delimiter).slice(mapping.skipRows);
  return mapping.hasHeader ? { header: all[0] ?? null, rows: all.slice(1) } : { header: null, rows: all };
}

export function parseCsvStatement(text: string, mapping: CsvMapping): ParsedStatement {
  if (/\u0000/.test(text)) throw new StatementParseError('it contains binary data, not text.');
  const { rows } = csvDataRows(text, mapping);
  if (rows.length === 0) throw new StatementParseError('it has no rows after the header.');
  const amountOf = (cells: string[], n: number): bigint | null => {
    const at = (c: number | undefined) => (c === undefined ? '' : (cells[c] ?? '').trim());
    if (mapping.amountColumn !== undefined) return amountToFils(at(mapping.amountColumn), { decimalComma: mapping.decimalComma });
    const debitText = at(mapping.debitColumn);
    const creditText = at(mapping.creditColumn);
    const debit = debitText ? amountToFils(debitText, { decimalComma: mapping.decimalComma }) : 0n;
    const credit = creditText ? amountToFils(creditText, { decimalComma: mapping.decimalComma }) : 0n;
    if (debit === null || credit === null) return null;
    if (!debitText && !creditText) throw new StatementParseError(`row ${n} has neither a debit nor a credit amount.`);
    const abs = (v: bigint) => (v < 0n ? -v : v);
    return abs(credit) - abs(debit);
  };
  const lines: ParsedLine[] = [];
  const balances: (bigint | null)[] = [];
  rows.forEach((cells, i) => {
    const n = i + 1 + mapping.skipRows + (mapping.hasHeader ? 1 : 0);
    const dateText = (cells[mapping.dateColumn] ?? '').trim();
    const date = csvDate(dateText, mapping.dateFormat);
    if (!date) throw new StatementParseError(`row ${n}: "${field(dateText, 40)}" is not a date in the format ${mapping.dateFormat}. Check the date column and format of the mapping.`);
    const amount = amountOf(cells, n);
    if (amount === null) throw new StatementParseError(`row ${n}: the amount is not a number${mapping.decimalComma ? ' with a decimal comma' : ''}. Check the amount columns of the mapping.`);
    const cell = (c: number | undefined) => (c === undefined ? '' : field(cells[c]));
    lines.push({ date, amount, description: cell(mapping.descriptionColumn), reference: cell(mapping.referenceColumn), counterparty: cell(mapping.counterpartyColumn) });
    balances.push(mapping.balanceColumn === undefined ? null : amountToFils(cells[mapping.balanceColumn] ?? '', { decimalComma: mapping.decimalComma }));
  });
  const dates = lines.map((l) => l.date).sort();
  return { ...runningBalances(lines, balances), periodFrom: dates[0], periodTo: dates.at(-1), lines };
}

/**
 * Opening and closing balances from a running-balance column, whichever order the bank lists the rows in
 * (oldest or newest first): the order in which each balance is the previous one plus the row's amount.
 */
function runningBalances(lines: ParsedLine[], balances: (bigint | null)[]): Pick<ParsedStatement, 'openingBalance' | 'closingBalance'> {
  if (balances.length === 0 || balances.some((b) => b === null)) return {};
  const b = balances as bigint[];
  const consistent = (order: number[]) => order.every((idx, k) => k === 0 || b[idx] === b[order[k - 1]] + lines[idx].amount);
  const forward = b.map((_, i) => i);
  for (const order of [forward, [...forward].reverse()]) {
    if (consistent(order)) {
      const first = order[0];
      const last = order[order.length - 1];
      return { openingBalance: b[first] - lines[first].amount, closingBalance: b[last] };
    }
  }
  return {};
}
