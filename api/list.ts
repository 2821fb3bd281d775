/**
 * Server half of the list contract (modules/platform/list.ts): search, sort and paging in SQL, the
 * count over the same WHERE, and the one streaming CSV export. Server-only.
 */
import { and, asc, desc, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { parseSort, type ListResult, type SortValue } from '../modules/platform/list';

// --- Accent- and case-insensitive search ----------------------------------------------------------

/**
 * Every accented Latin letter (Latin-1 Supplement and Latin Extended-A, both cases) and the plain
 * lower-case letter it folds to: 'Ï' → 'i', 'ç' → 'c'. Letters whose decomposition is not one base
 * letter and a mark (ø, ł, đ, ħ, ı) are listed by hand. Used with SQL translate() because `unaccent` is an
 * extension that neither PGlite nor every managed PostgreSQL loads by default; translate() is built in
 * and immutable, and it also folds upper case where lower() does not (the C locale lowers ASCII only).
 */
function foldTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  const extra: Record<string, string> = { ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ħ: 'h', Ħ: 'h', ı: 'i', ŀ: 'l', Ŀ: 'l', ŧ: 't', Ŧ: 't', ĸ: 'k', ſ: 's' };
  for (let cp = 0xc0; cp <= 0x17f; cp++) {
    const ch = String.fromCodePoint(cp);
    const base = extra[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (/^[a-z]$/.test(base)) {
      from += ch;
      to += base;
    }
  }
  return { from, to };
}
const FOLD = foldTable();
const foldFrom = sql.raw(`'${FOLD.from}'`);
const foldTo = sql.raw(`'${FOLD.to}'`);

/** The same folding in TypeScript, for tests and for matching in memory: 'Aïsha' → 'aisha'. */
export function foldText(s: string): string {
  let out = '';
  for (const ch of s.toLowerCase()) {
    const i = FOLD.from.indexOf(ch);
    out += i >= 0 ? FOLD.to[i] : ch;
  }
  return out;
}

/** An expression folded for search: text, lower case, accents removed. */
export const folded = (expr: SQLWrapper): SQL => sql`translate(lower(coalesce((${expr})::text, '')), ${foldFrom}, ${foldTo})`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The WHERE for `q` over the given columns: every word of `q` must appear (as a substring, ignoring case
 * and accents) in at least one of the columns. "aisha khan" finds first name Aïsha, last name Khan.
 */
export function searchWhere(q: string | undefined, columns: SQLWrapper[]): SQL | undefined {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length || !columns.length) return undefined;
  const perWord = words.map((word) => {
    const pattern = sql`translate(lower(${`%${escapeLike(word)}%`}::text), ${foldFrom}, ${foldTo})`;
    return or(...columns.map((c) => sql`${folded(c)} like ${pattern}`))!;
  });
  return and(...perWord);
}

/** Joins conditions with AND, skipping the absent ones; undefined when none remain. */
export const allOf = (...conds: (SQL | undefined | false | null | '')[]): SQL | undefined => and(...conds.filter((c): c is SQL => !!c));

// --- Sort and paging ------------------------------------------------------------------------------

/**
 * ORDER BY for a validated `sort`: the chosen column in its direction, then the tiebreaker (the id) in
 * the same direction, so pages never overlap or skip rows that share a value.
 */
export function orderBy<F extends string>(sort: SortValue<F>, columns: Record<F, SQLWrapper>, tiebreaker: SQLWrapper): SQL[] {
  const { field, direction } = parseSort(sort);
  const by = direction === 'asc' ? asc : desc;
  const column = columns[field];
  if (!column) throw new Error(`No column for sort field ${field}`);
  return [by(column), by(tiebreaker)];
}

/** The same ORDER BY as one fragment, for lists written as raw SQL: sql`… order by ${orderSql(...)}`. */
export const orderSql = <F extends string>(sort: SortValue<F>, columns: Record<F, SQLWrapper>, tiebreaker: SQLWrapper): SQL =>
  sql.join(orderBy(sort, columns, tiebreaker), sql`, `);

/** Runs a page query and its count together: { items, total }. */
export async function listPage<T>(items: Promise<T[]>, total: Promise<number | string | bigint>): Promise<ListResult<T>> {
  const [rows, n] = await Promise.all([items, total]);
  return { items: rows, total: Number(n) };
}

/** Rows of a raw SQL query on PGlite or PostgreSQL (their drivers answer in different shapes). */
export async function sqlRows<T>(db: { execute: (q: SQL) => Promise<unknown> }, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** count(*) as a number column, for `db.select({ n: countAll }).from(t).where(w)`. */
export const countAll = sql<number>`count(*)::int`;

export const EXPORT_PAGE_SIZE = 1000;

/**
 * Every row of a filtered, sorted list, read page by page (`fetch(limit, offset)` with the list's stable
 * ORDER BY), so an export never holds the whole set in memory.
 */
export async function* allRows<T>(fetch: (limit: number, offset: number) => Promise<T[]>, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<T> {
  for (let offset = 0; ; offset += pageSize) {
    const rows = await fetch(pageSize, offset);
    for (const row of rows) yield row;
    if (rows.length < pageSize) return;
  }
}

// --- CSV ------------------------------------------------------------------------------------------

export type CsvCell = string | number | bigint | boolean | Date | null | undefined;

/**
 * One CSV field (RFC 4180). Text that a spreadsheet would run as a formula (it begins with = + - @, a tab
 * or a carriage return) gets a leading single quote (OWASP "CSV injection"); numbers are written as they
 * are, since a number the server produced cannot hold a formula. Fields with a comma, quote, CR or LF are
 * quoted, with quotes doubled.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let s = value instanceof Date ? value.toISOString() : value;
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/**
 * A streamed CSV download: the header row, then each row as it arrives, CRLF line ends.
 * `filename` is reduced to letters, digits, dot, dash and underscore.
 */
export function csvResponse(filename: string, header: readonly string[], rows: AsyncIterable<readonly CsvCell[]> | Iterable<readonly CsvCell[]>): Response {
  const safeName = filename.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'export';
  const name = safeName.toLowerCase().endsWith('.csv') ? safeName : `${safeName}.csv`;
  const encoder = new TextEncoder();
  const iterator = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : (rows as Iterable<readonly CsvCell[]>)[Symbol.iterator]();
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        let chunk = headerSent ? '' : csvLine(header);
        headerSent = true;
        while (chunk.length < 64 * 1024) {
          const next = await iterator.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += csvLine(next.value);
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    },
  });
}

/** Today's date (UTC) for export file names: manzil-users-2026-05-01.csv. */
export const exportName = (list: string) => `manzil-${list}-${new Date().toISOString().slice(0, 10)}.csv`;
