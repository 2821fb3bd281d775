/**
 * Statement import: the file is parsed (parse/), each line gets a dedupe hash, and lines already imported from
 * an overlapping statement are skipped by the unique index on the hash. Also the CSV mapping (saved per
 * account), the preview of a CSV before mapping it, and the lists of statements and lines.
 */
import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest } from '@api/errors';
import { allOf, allRows, listPage, orderSql, searchWhere } from '@api/list';
import { recordAudit } from '@modules/audit';
import { filsToDecimal, formatAed } from '@modules/platform/money';
import type { ListResult } from '@modules/platform/list';
import type { z } from 'zod';
import {
  csvMappingInput,
  statementFormatLabels,
  statementMessages,
  type CsvMapping,
  type ImportResultJson,
  type StatementFormat,
  type StatementJson,
  type StatementLineJson,
  type StatementPreviewJson,
  type statementLinesListQuery,
  type statementsListQuery,
} from './contract';
import { parseStatement, splitCsv, statementText, StatementParseError, type ParsedLine, type ParsedStatement } from './parse';
import { bankCsvMappings, bankStatements } from './schema';
import { bankAccountOr404, LINE_COLUMNS, lineJson, normalizeText, rows, type LineRow } from './shared';

export async function getCsvMapping(db: Db, accountId: string): Promise<CsvMapping | null> {
  const [row] = await db.select({ mapping: bankCsvMappings.mapping }).from(bankCsvMappings).where(eq(bankCsvMappings.bankAccountId, accountId));
  if (!row) return null;
  const parsed = csvMappingInput.safeParse(row.mapping);
  return parsed.success ? parsed.data : null;
}

async function saveMapping(tx: Db, userId: string, accountId: string, mapping: CsvMapping) {
  await tx
    .insert(bankCsvMappings)
    .values({ bankAccountId: accountId, mapping, updatedBy: userId })
    .onConflictDoUpdate({ target: bankCsvMappings.bankAccountId, set: { mapping, updatedBy: userId, updatedAt: new Date() } });
}

export async function putCsvMapping(db: Db, userId: string, accountId: string, mapping: CsvMapping): Promise<CsvMapping> {
  const account = await bankAccountOr404(db, accountId);
  await db.transaction(async (tx) => {
    await saveMapping(tx, userId, accountId, mapping);
    await recordAudit(tx, { actorId: userId, action: 'banking.csv_mapping.save', entityType: 'bank_account', entityId: accountId, summary: `Saved the CSV column mapping of ${account.name}` });
  });
  return mapping;
}

/**
 * The dedupe hash of each line: account, date, amount, the bank's reference (or the customer reference) and the
 * normalised description, with the line's occurrence among identical ones in the file, so two equal charges on
 * one day are two lines while the same statement imported twice adds nothing.
 */
export function lineHashes(accountId: string, lines: ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const key = JSON.stringify([accountId, l.date, l.amount.toString(), l.bankRef || l.reference, normalizeText(l.description)]);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return createHash('sha256').update(`${key}#${n}`).digest('hex');
  });
}

const unreadable = (format: StatementFormat, err: unknown) => {
  if (err instanceof StatementParseError) return badRequest(statementMessages.unreadable(statementFormatLabels[format], err.message), 'statement_unreadable');
  return null;
};

async function parseOrRefuse(format: StatementFormat, bytes: Uint8Array, mapping: CsvMapping | null): Promise<ParsedStatement> {
  try {
    return await parseStatement(format, bytes, mapping);
  } catch (err) {
    throw unreadable(format, err) ?? err;
  }
}

export type ImportInput = { format: StatementFormat; fileName: string; bytes: Uint8Array; mapping: CsvMapping | null };

export async function importStatement(db: Db, userId: string, accountId: string, input: ImportInput): Promise<ImportResultJson> {
  const account = await bankAccountOr404(db, accountId);
  const mapping = input.format === 'csv' ? (input.mapping ?? (await getCsvMapping(db, accountId))) : null;
  if (input.format === 'csv' && !mapping) throw badRequest(statementMessages.mappingMissing, 'csv_mapping_missing');
  const parsed = await parseOrRefuse(input.format, input.bytes, mapping);
  const label = statementFormatLabels[input.format];
  if (parsed.lines.length === 0 && parsed.closingBalance === undefined) throw badRequest(statementMessages.unreadable(label, statementMessages.empty(label)), 'statement_unreadable');
  if (parsed.currency && parsed.currency.toUpperCase() !== account.currency) {
    throw badRequest(statementMessages.unreadable(label, `it is in ${parsed.currency.toUpperCase()}, but ${account.name} is kept in ${account.currency}.`), 'statement_unreadable');
  }
  const hashes = lineHashes(accountId, parsed.lines);
  return db.transaction(async (tx) => {
    if (input.format === 'csv' && input.mapping) await saveMapping(tx, userId, accountId, input.mapping);
    const [statement] = await tx
      .insert(bankStatements)
      .values({
        bankAccountId: accountId,
        format: input.format,
        fileName: input.fileName.slice(0, 200),
        periodFrom: parsed.periodFrom ?? null,
        periodTo: parsed.periodTo ?? null,
        openingBalance: parsed.openingBalance ?? null,
        closingBalance: parsed.closingBalance ?? null,
        lineCount: parsed.lines.length,
        createdBy: userId,
      })
      .returning({ id: bankStatements.id });
    let imported = 0;
    const CHUNK = 1000;
    for (let i = 0; i < parsed.lines.length; i += CHUNK) {
      const chunk = parsed.lines.slice(i, i + CHUNK).map((l, k) => ({
        s: statement!.id,
        a: accountId,
        d: l.date,
        m: l.amount.toString(),
        t: l.description,
        r: l.reference,
        c: l.counterparty,
        b: l.bankRef ?? null,
        h: hashes[i + k],
      }));
      const inserted = await rows<{ id: string }>(
        tx,
        sql`insert into bank_statement_lines (statement_id, bank_account_id, date, amount, description, reference, counterparty, bank_ref, hash)
            select x.s, x.a, x.d, x.m, x.t, x.r, x.c, x.b, x.h
              from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(s uuid, a uuid, d date, m bigint, t text, r text, c text, b text, h text)
            on conflict (hash) do nothing
            returning id`,
      );
      imported += inserted.length;
    }
    const duplicates = parsed.lines.length - imported;
    await tx.update(bankStatements).set({ importedCount: imported, duplicateCount: duplicates }).where(eq(bankStatements.id, statement!.id));
    const balance = parsed.closingBalance === undefined ? '' : `, closing balance ${formatAed(parsed.closingBalance)}`;
    await recordAudit(tx, {
      actorId: userId,
      action: 'banking.statement.import',
      entityType: 'bank_statement',
      entityId: statement!.id,
      summary: `Imported a ${label} statement "${input.fileName.slice(0, 80)}" into ${account.name}: ${imported} new lines, ${duplicates} already imported${balance}`,
    });
    return {
      statementId: statement!.id,
      format: input.format,
      periodFrom: parsed.periodFrom ?? null,
      periodTo: parsed.periodTo ?? null,
      openingBalance: parsed.openingBalance?.toString() ?? null,
      closingBalance: parsed.closingBalance?.toString() ?? null,
      lines: parsed.lines.length,
      imported,
      duplicates,
    };
  });
}

/** The likeliest delimiter of a CSV: the one the first rows split on most consistently. */
function guessDelimiter(text: string): CsvMapping['delimiter'] {
  const head = text.split(/\r?\n/).slice(0, 10).join('\n');
  const counts = ([',', ';', '\t', '|'] as const).map((d) => [d, head.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** The first rows of a CSV as cells, and the first lines as the mapping (given or saved) reads them. */
export async function previewStatement(db: Db, accountId: string, bytes: Uint8Array, given: CsvMapping | null): Promise<StatementPreviewJson> {
  await bankAccountOr404(db, accountId);
  const saved = await getCsvMapping(db, accountId);
  const mapping = given ?? saved;
  let text: string;
  try {
    text = statementText(bytes);
  } catch (err) {
    throw unreadable('csv', err) ?? err;
  }
  const delimiter = mapping?.delimiter ?? guessDelimiter(text);
  const preview = splitCsv(text.split(/\r?\n/).slice(0, 60).join('\n'), delimiter)
    .slice(0, 12)
    .map((r) => r.slice(0, 30).map((c) => c.slice(0, 120)));
  if (!mapping) return { rows: preview, mapping: null, lines: null, error: null };
  try {
    const head = text.split(/\r?\n/).slice(0, mapping.skipRows + (mapping.hasHeader ? 1 : 0) + 5).join('\n');
    const parsed = await parseStatement('csv', new TextEncoder().encode(head), mapping);
    return { rows: preview, mapping: saved, lines: parsed.lines.map((l) => ({ date: l.date, amount: l.amount.toString(), description: l.description, reference: l.reference, counterparty: l.counterparty })), error: null };
  } catch (err) {
    if (err instanceof StatementParseError) return { rows: preview, mapping: saved, lines: null, error: statementMessages.unreadable('CSV', err.message) };
    throw err;
  }
}

// ── Lists ────────────────────────────────────────────────────────────────────────────────────────

type StatementsQuery = z.infer<typeof statementsListQuery>;
type LinesQuery = z.infer<typeof statementLinesListQuery>;

const statementColumns = { createdAt: sql`s.created_at`, periodTo: sql`s.period_to` };
type StatementRow = { id: string; format: StatementFormat; file_name: string; period_from: string | null; period_to: string | null; opening_balance: string | null; closing_balance: string | null; line_count: number; imported_count: number; duplicate_count: number; created_at: string | Date };
const statementJson = (r: StatementRow): StatementJson => ({
  id: r.id,
  format: r.format,
  fileName: r.file_name,
  periodFrom: r.period_from,
  periodTo: r.period_to,
  openingBalance: r.opening_balance,
  closingBalance: r.closing_balance,
  lineCount: Number(r.line_count),
  importedCount: Number(r.imported_count),
  duplicateCount: Number(r.duplicate_count),
  createdAt: new Date(r.created_at).toISOString(),
});

function statementsWhere(accountId: string, q: StatementsQuery): SQL {
  return allOf(sql`s.bank_account_id = ${accountId}`, q.format && sql`s.format = ${q.format}`, searchWhere(q.q, [sql`s.file_name`]))!;
}

const statementPage = (db: Db, accountId: string, q: StatementsQuery, limit: number, offset: number) =>
  rows<StatementRow>(
    db,
    sql`select s.id, s.format, s.file_name, s.period_from::text, s.period_to::text, s.opening_balance::text, s.closing_balance::text, s.line_count, s.imported_count, s.duplicate_count, s.created_at
          from bank_statements s where ${statementsWhere(accountId, q)} order by ${orderSql(q.sort, statementColumns, sql`s.id`)} limit ${limit} offset ${offset}`,
  ).then((r) => r.map(statementJson));

export async function listStatements(db: Db, accountId: string, q: StatementsQuery): Promise<ListResult<StatementJson>> {
  await bankAccountOr404(db, accountId);
  return listPage(
    statementPage(db, accountId, q, q.limit, q.offset),
    rows<{ n: string }>(db, sql`select count(*)::text as n from bank_statements s where ${statementsWhere(accountId, q)}`).then((r) => r[0]!.n),
  );
}

export const STATEMENTS_CSV_HEADER = ['Imported at', 'Format', 'File', 'From', 'To', 'Opening balance (AED)', 'Closing balance (AED)', 'Lines', 'Imported', 'Duplicates'];
const aedCell = (fils: string | null) => (fils === null ? '' : filsToDecimal(BigInt(fils)));

/** Rows of the statements export; the route checks the account first (an error can't leave a started stream). */
export async function* statementCsvRows(db: Db, accountId: string, q: StatementsQuery) {
  for await (const s of allRows((limit, offset) => statementPage(db, accountId, q, limit, offset))) {
    yield [s.createdAt, statementFormatLabels[s.format], s.fileName, s.periodFrom, s.periodTo, aedCell(s.openingBalance), aedCell(s.closingBalance), s.lineCount, s.importedCount, s.duplicateCount];
  }
}

const lineColumns = { date: sql`l.date`, amount: sql`l.amount`, createdAt: sql`l.created_at` };

function linesWhere(accountId: string, q: LinesQuery): SQL {
  return allOf(
    sql`l.bank_account_id = ${accountId}`,
    q.status && sql`l.status = ${q.status}`,
    q.from && sql`l.date >= ${q.from}`,
    q.to && sql`l.date <= ${q.to}`,
    searchWhere(q.q, [sql`l.description`, sql`l.reference`, sql`l.counterparty`, sql`l.bank_ref`]),
  )!;
}

const linePage = (db: Db, accountId: string, q: LinesQuery, limit: number, offset: number) =>
  rows<LineRow>(db, sql`select ${LINE_COLUMNS} from bank_statement_lines l where ${linesWhere(accountId, q)} order by ${orderSql(q.sort, lineColumns, sql`l.id`)} limit ${limit} offset ${offset}`).then((r) =>
    r.map(lineJson),
  );

export async function listStatementLines(db: Db, accountId: string, q: LinesQuery): Promise<ListResult<StatementLineJson>> {
  await bankAccountOr404(db, accountId);
  return listPage(
    linePage(db, accountId, q, q.limit, q.offset),
    rows<{ n: string }>(db, sql`select count(*)::text as n from bank_statement_lines l where ${linesWhere(accountId, q)}`).then((r) => r[0]!.n),
  );
}

export const LINES_CSV_HEADER = ['Date', 'Amount (AED)', 'Description', 'Reference', 'Counterparty', 'Bank reference', 'Status', 'Matched entry', 'Ignored because'];

/** Rows of the statement lines export; the route checks the account first. */
export async function* statementLineCsvRows(db: Db, accountId: string, q: LinesQuery) {
  for await (const l of allRows((limit, offset) => linePage(db, accountId, q, limit, offset))) {
    yield [l.date, aedCell(l.amount), l.description, l.reference, l.counterparty, l.bankRef, l.status, l.matchedEntryReference, l.ignoreReason];
  }
}
