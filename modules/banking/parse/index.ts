/** One entry point for the four statement formats: bytes (and the CSV mapping) → ParsedStatement, or StatementParseError. */
import type { CsvMapping, StatementFormat } from '../contract';
import { parseCamt053Statement } from './camt053';
import { parseCsvStatement } from './csv';
import { parseMt940Statement } from './mt940';
import { parseOfxStatement } from './ofx';
import { StatementParseError, type ParsedStatement } from './types';

export { amountToFils } from './amount';
export { csvDataRows, csvDate, splitCsv } from './csv';
export { StatementParseError, type ParsedLine, type ParsedStatement } from './types';

/** Text of an upload: UTF-8 (BOM dropped); refuses what is plainly binary (NUL bytes or invalid UTF-8 in bulk). */
export function statementText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new StatementParseError('it contains binary data, not text.');
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const bad = text.split('\uFFFD').length - 1;
  if (bad > 0 && bad * 20 > text.length) throw new StatementParseError('it is not a text file.');
  return text;
}

export async function parseStatement(format: StatementFormat, bytes: Uint8Array, mapping: CsvMapping | null): Promise<ParsedStatement> {
  switch (format) {
    case 'csv':
      if (!mapping) throw new StatementParseError('no column mapping was given.');
      return parseCsvStatement(statementText(bytes), mapping);
    case 'ofx':
      return parseOfxStatement(statementText(bytes));
    case 'mt940':
      statementText(bytes);
      return parseMt940Statement(bytes);
    case 'camt053':
      return parseCamt053Statement(statementText(bytes));
  }
}
