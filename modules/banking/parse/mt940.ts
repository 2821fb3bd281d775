/**
 * SWIFT MT940 statements, read with mt940-js for the structure (statements from :20:, dates, the :86:
 * information joined across lines, customer references). The library turns amounts into floats, so the
 * amounts, debit/credit marks and bank references are read again from the raw :60F:/:61:/:62F: fields,
 * in the same order, as exact decimals. Reversals follow SWIFT: RC (reversal of a credit) is money out,
 * RD money in.
 *
 * mt940-js requires tslib without declaring it (webschik/mt940-js#19), so tslib is one of our own dependencies;
 * the library is loaded on first use, so nothing else depends on it being loadable.
 */
import type { Statement } from 'mt940-js';
import { daysBetween } from '@modules/platform/dates';
import { amountToFils } from './amount';
import { field, StatementParseError, type ParsedLine, type ParsedStatement } from './types';

type RawStatement = { opening?: bigint; closing?: bigint; lines: { amount: bigint; bankRef: string }[] };

const TAG = /^:(\d{2}[A-Z]?):/;
const BALANCE = /^([CD])(\d{6})([A-Z]{3})(\d{1,15},\d{0,2})/;
const LINE = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,15},\d{0,2})/;

function balance(content: string, tag: string): bigint {
  const m = BALANCE.exec(content.trim());
  if (!m) throw new StatementParseError(`the :${tag}: balance "${field(content, 40)}" is not a balance (mark, date, currency, amount).`);
  const fils = amountToFils(m[4], { decimalComma: true });
  if (fils === null) throw new StatementParseError(`the :${tag}: amount "${m[4]}" is not an amount.`);
  return m[1] === 'D' ? -fils : fils;
}

/** The raw fields in file order, split where a line starts with a :NN: tag. */
function rawStatements(text: string): RawStatement[] {
  const out: RawStatement[] = [];
  const fields = text.replace(/\r\n?/g, '\n').split(/\n(?=:\d{2}[A-Z]?:)/);
  for (const f of fields) {
    const trimmed = f.replace(/^[\s\S]*?(?=:\d{2}[A-Z]?:)/, '');
    const tag = TAG.exec(trimmed)?.[1];
    if (!tag) continue;
    const content = trimmed.slice(tag.length + 2);
    if (tag === '20') out.push({ lines: [] });
    const current = out.at(-1);
    if (!current) continue;
    if (tag === '60F' || tag === '60M') current.opening = balance(content, tag);
    else if (tag === '62F' || tag === '62M') current.closing = balance(content, tag);
    else if (tag === '61') {
      const first = content.split('\n')[0]!.trim();
      const m = LINE.exec(first);
      if (!m) throw new StatementParseError(`the :61: line "${field(first, 60)}" is not a statement line (date, D or C, amount).`);
      const fils = amountToFils(m[5], { decimalComma: true });
      if (fils === null) throw new StatementParseError(`the :61: amount "${m[5]}" is not an amount.`);
      const out = m[3] === 'D' || m[3] === 'RC';
      const bankRef = /\/\/([^\n]*)/.exec(first)?.[1]?.trim() ?? '';
      current.lines.push({ amount: out ? -fils : fils, bankRef: bankRef === 'NONREF' ? '' : bankRef });
    }
  }
  return out;
}

/** The booking date: the entry date (MMDD) in the value date's year, moved a year when that is nearer. */
function bookingDate(valueDate: string, entryDate: string): string {
  if (!entryDate) return valueDate;
  const gap = daysBetween(valueDate, entryDate);
  if (gap > 180) return `${Number(entryDate.slice(0, 4)) - 1}${entryDate.slice(4)}`;
  if (gap < -180) return `${Number(entryDate.slice(0, 4)) + 1}${entryDate.slice(4)}`;
  return entryDate;
}

/** "/NAME/ACME LLC/REMI/…" style :86: fields name the other party; otherwise none is known. */
function counterpartyOf(info: string): string {
  const m = /\/(?:NAME|BENM\/\/NAME|ORDP\/\/NAME)\/([^/]+)/.exec(info);
  return m ? field(m[1], 200) : '';
}

export async function parseMt940Statement(bytes: Uint8Array): Promise<ParsedStatement> {
  const text = new TextDecoder('latin1').decode(bytes);
  if (!/(^|\n):20:/.test(text) || !/\n:61:|\n:60[FM]:/.test(text)) throw new StatementParseError('there is no :20: statement with :60F: and :61: fields in it.');
  let statements: Statement[];
  const { read } = await import('mt940-js');
  try {
    statements = await read(Buffer.from(bytes));
  } catch (err) {
    throw new StatementParseError(`its fields are broken (${field(err instanceof Error ? err.message : err, 80)}).`);
  }
  const raw = rawStatements(text);
  if (raw.length !== statements.length || raw.some((r, i) => r.lines.length !== statements[i]!.transactions.length)) {
    throw new StatementParseError('its :61: lines could not all be read. Check that each starts with a date, D or C and an amount.');
  }
  const lines: ParsedLine[] = [];
  statements.forEach((s, i) => {
    s.transactions.forEach((t, j) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(t.valueDate)) throw new StatementParseError(`a :61: line has no value date.`);
      const description = field(t.description);
      lines.push({
        date: bookingDate(t.valueDate, t.entryDate),
        amount: raw[i]!.lines[j]!.amount,
        description,
        reference: field(t.customerReference, 120),
        counterparty: counterpartyOf(t.description),
        bankRef: raw[i]!.lines[j]!.bankRef || undefined,
      });
    });
  });
  const first = statements[0];
  const last = statements.at(-1);
  const dates = lines.map((l) => l.date).sort();
  return {
    openingBalance: raw[0]?.opening,
    closingBalance: raw.at(-1)?.closing,
    currency: first?.openingBalance?.currency || last?.closingBalance?.currency || undefined,
    periodFrom: dates[0] ?? (first?.openingBalance?.date || undefined),
    periodTo: last?.closingBalance?.date || dates.at(-1),
    lines,
  };
}
