/**
 * OFX statements, 1.x (SGML, unclosed tags) and 2.x (XML), read with ofx-js: the bank or credit-card statement
 * responses, each STMTTRN a line (TRNAMT signed, DTPOSTED, NAME as counterparty, MEMO as description, FITID as
 * the bank's reference), LEDGERBAL the closing balance. OFX states no opening balance.
 */
import { parseSync } from 'ofx-js';
import { amountToFils } from './amount';
import { field, StatementParseError, type ParsedLine, type ParsedStatement } from './types';

type Node = Record<string, unknown>;
const list = <T>(v: T | T[] | undefined | null | ''): T[] => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]);
const obj = (v: unknown): Node | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** OFX date-time "20260315120000.000[+4:GST]" → "2026-03-15", or null. */
export function ofxDate(v: unknown): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(str(v));
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso ? iso : null;
}

const amount = (v: unknown, what: string): bigint => {
  const text = str(v);
  // OFX amounts use a dot; some banks write a decimal comma ("-12,50") — with no thousands separators either way.
  const fils = amountToFils(text, { decimalComma: /,\d{1,2}$/.test(text) && !text.includes('.') });
  if (fils === null) throw new StatementParseError(`${what} "${field(text, 30)}" is not an amount.`);
  return fils;
};

function statementResponses(ofx: Node): Node[] {
  const found: Node[] = [];
  for (const [set, wrapper, rs] of [
    ['BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS'],
    ['CREDITCARDMSGSRSV1', 'CCSTMTTRNRS', 'CCSTMTRS'],
  ] as const) {
    for (const trnrs of list(obj(ofx[set])?.[wrapper] as Node | Node[] | undefined)) {
      const statement = obj(obj(trnrs)?.[rs]);
      if (statement) found.push(statement);
    }
  }
  return found;
}

export function parseOfxStatement(text: string): ParsedStatement {
  if (!/<OFX>/i.test(text)) throw new StatementParseError('there is no <OFX> element in it.');
  let parsed: { OFX: Node };
  try {
    parsed = parseSync(text.replace(/<ofx>/i, '<OFX>').replace(/<\/ofx>/i, '</OFX>'));
  } catch (err) {
    throw new StatementParseError(`its structure is broken (${field(err instanceof Error ? err.message : err, 80)}).`);
  }
  const statements = statementResponses(obj(parsed.OFX) ?? {});
  if (statements.length === 0) throw new StatementParseError('it has no bank or credit-card statement (STMTRS) in it.');
  if (statements.length > 1) throw new StatementParseError(`it holds ${statements.length} account statements. Export one account at a time.`);
  const lines: ParsedLine[] = [];
  let closingBalance: bigint | undefined;
  let currency: string | undefined;
  const starts: string[] = [];
  const ends: string[] = [];
  for (const s of statements) {
    currency ??= str(s.CURDEF) || undefined;
    const tranList = obj(s.BANKTRANLIST) ?? {};
    const start = ofxDate(tranList.DTSTART);
    const end = ofxDate(tranList.DTEND);
    if (start) starts.push(start);
    if (end) ends.push(end);
    for (const t of list(tranList.STMTTRN as Node | Node[] | undefined)) {
      const date = ofxDate(t.DTPOSTED) ?? ofxDate(t.DTUSER);
      if (!date) throw new StatementParseError(`the transaction ${field(str(t.FITID), 40) || 'without FITID'} has no valid DTPOSTED date.`);
      const name = str(t.NAME) || str(obj(t.PAYEE)?.NAME);
      const memo = str(t.MEMO);
      lines.push({
        date,
        amount: amount(t.TRNAMT, 'TRNAMT'),
        description: field(memo || name),
        reference: field(str(t.REFNUM) || str(t.CHECKNUM), 120),
        counterparty: field(name, 200),
        bankRef: field(str(t.FITID), 120) || undefined,
      });
    }
    const ledger = obj(s.LEDGERBAL);
    if (ledger?.BALAMT !== undefined) closingBalance = amount(ledger.BALAMT, 'LEDGERBAL');
  }
  const dates = lines.map((l) => l.date).sort();
  return {
    closingBalance,
    currency,
    periodFrom: starts.sort()[0] ?? dates[0],
    periodTo: ends.sort().at(-1) ?? dates.at(-1),
    lines,
  };
}
