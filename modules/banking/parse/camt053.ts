/**
 * ISO 20022 CAMT.053 bank-to-customer statements, read with fast-xml-parser (namespace prefixes dropped, every
 * value kept as text so amounts never pass through a float). Balances: OPBD (or PRCD) opening, CLBD closing,
 * signed by CdtDbtInd. Each booked Ntry is a line; a batch entry whose TxDtls carry their own amounts adding up
 * to the entry becomes one line per transaction. Counterparty: the debtor of money in, the creditor of money out.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { amountToFils } from './amount';
import { field, StatementParseError, type ParsedLine, type ParsedStatement } from './types';

type Node = Record<string, unknown>;
const ARRAYS = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

const obj = (v: unknown): Node | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined);
const arr = (v: unknown): Node[] => (Array.isArray(v) ? v.map(obj).filter((n): n is Node => !!n) : obj(v) ? [v as Node] : []);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'object' && v && '#text' in v ? String((v as Node)['#text']).trim() : '');
const path = (v: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((n, k) => obj(n)?.[k], v);

function dateOf(v: unknown): string | null {
  const s = text(path(v, 'Dt')) || text(path(v, 'DtTm'));
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(s);
  return m && new Date(`${m[1]}T00:00:00Z`).toISOString().slice(0, 10) === m[1] ? m[1] : null;
}

function signed(amountNode: unknown, indicator: unknown, what: string): bigint {
  const t = text(amountNode);
  const fils = amountToFils(t);
  if (fils === null || fils < 0n) throw new StatementParseError(`${what} "${field(t, 30)}" is not an amount.`);
  const ind = text(indicator);
  if (ind !== 'CRDT' && ind !== 'DBIT') throw new StatementParseError(`${what} has no credit/debit indicator (CdtDbtInd CRDT or DBIT).`);
  return ind === 'DBIT' ? -fils : fils;
}

const nameOf = (party: unknown) => text(path(party, 'Nm')) || text(path(party, 'Pty', 'Nm'));

function txLine(tx: Node | undefined, entry: Node, date: string, amount: bigint): ParsedLine {
  const refs = obj(tx?.Refs) ?? {};
  const endToEnd = text(refs.EndToEndId);
  const remittance = obj(tx?.RmtInf) ?? {};
  const unstructured = (Array.isArray(remittance.Ustrd) ? remittance.Ustrd : []).map(text).filter(Boolean).join(' ');
  const structuredRef = text(path(remittance, 'Strd', 'CdtrRefInf', 'Ref'));
  const parties = obj(tx?.RltdPties) ?? {};
  const counterparty = amount >= 0n ? nameOf(parties.Dbtr) || nameOf(parties.Cdtr) : nameOf(parties.Cdtr) || nameOf(parties.Dbtr);
  return {
    date,
    amount,
    description: field(unstructured || text(tx?.AddtlTxInf) || text(entry.AddtlNtryInf)),
    reference: field((endToEnd && endToEnd !== 'NOTPROVIDED' ? endToEnd : '') || structuredRef || text(refs.InstrId) || text(entry.NtryRef), 120),
    counterparty: field(counterparty, 200),
    bankRef: field(text(refs.AcctSvcrRef) || text(entry.AcctSvcrRef), 120) || undefined,
  };
}

function entryLines(entry: Node): ParsedLine[] {
  const status = text(entry.Sts) || text(path(entry, 'Sts', 'Cd'));
  if (status && status !== 'BOOK') return [];
  const amount = signed(entry.Amt, entry.CdtDbtInd, 'An entry amount');
  const date = dateOf(entry.BookgDt) ?? dateOf(entry.ValDt);
  if (!date) throw new StatementParseError('an entry (Ntry) has no booking date (BookgDt).');
  const txs = arr(entry.NtryDtls).flatMap((d) => arr(d.TxDtls));
  if (txs.length > 1) {
    const parts = txs.map((tx) => {
      const own = path(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? tx.Amt;
      return own === undefined ? null : signed(own, tx.CdtDbtInd ?? entry.CdtDbtInd, 'A transaction amount');
    });
    if (parts.every((p) => p !== null) && parts.reduce<bigint>((s, p) => s + p!, 0n) === amount) return txs.map((tx, i) => txLine(tx, entry, date, parts[i]!));
  }
  return [txLine(txs[0], entry, date, amount)];
}

function balanceOf(balances: Node[], codes: string[]): bigint | undefined {
  for (const code of codes) {
    const b = balances.find((x) => text(path(x, 'Tp', 'CdOrPrtry', 'Cd')) === code);
    if (b) return signed(b.Amt, b.CdtDbtInd, `The ${code} balance`);
  }
  return undefined;
}

export function parseCamt053Statement(xml: string): ParsedStatement {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new StatementParseError(`the XML is broken at line ${valid.err.line}: ${field(valid.err.msg, 100)}`);
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch (err) {
    throw new StatementParseError(`the XML could not be read (${field(err instanceof Error ? err.message : err, 80)}).`);
  }
  const statements = arr(path(doc, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) throw new StatementParseError('it has no Document/BkToCstmrStmt/Stmt element. Is it a CAMT.053 file (not CAMT.052 or .054)?');
  const lines = statements.flatMap((s) => arr(s.Ntry).flatMap(entryLines));
  const first = statements[0]!;
  const last = statements.at(-1)!;
  const dates = lines.map((l) => l.date).sort();
  const from = /^(\d{4}-\d{2}-\d{2})/.exec(text(path(first, 'FrToDt', 'FrDtTm')))?.[1];
  const to = /^(\d{4}-\d{2}-\d{2})/.exec(text(path(last, 'FrToDt', 'ToDtTm')))?.[1];
  return {
    openingBalance: balanceOf(arr(first.Bal), ['OPBD', 'PRCD']),
    closingBalance: balanceOf(arr(last.Bal), ['CLBD']),
    currency: text(path(first, 'Acct', 'Ccy')) || (obj(path(arr(first.Bal)[0], 'Amt'))?.['@Ccy'] as string | undefined) || undefined,
    periodFrom: from ?? dates[0],
    periodTo: to ?? dates.at(-1),
    lines,
  };
}
