/**
 * Sanctions and PEP screening: the contract shared by the admin "Screening lists" section and the API.
 * Browser-safe (zod, papaparse and plain functions): the screen validates a CSV before sending it, with
 * the same parser the API uses.
 *
 * Admin API (auth: admin; 401 visitor, 403 investor)
 *   GET    /api/admin/screening/lists            screeningListsQuery (the one list contract: q, sort, limit, offset, source)
 *                                                → { items: ScreeningListJson[], total, threshold }; /lists/export → text/csv
 *   POST   /api/admin/screening/lists            JSON { name, csv, replace? } or multipart (name, file, replace?) → 201 ScreeningListJson;
 *                                                400 { error: 'csv_invalid', errors: [{ line, column?, message }] } on any bad row
 *   GET    /api/admin/screening/lists/:id        ?limit&offset&q → ScreeningListJson & { entries: ScreeningEntryJson[], entriesTotal }
 *   GET    /api/admin/screening/lists/:id/entries  screeningEntriesQuery (list contract: q, sort, limit, offset, category)
 *                                                → { items: ScreeningEntryJson[], total }; /entries/export → text/csv
 *   DELETE /api/admin/screening/lists/:id        → { success, message }
 *   POST   /api/admin/screening/check            { name, dateOfBirth?, nationality? } → ScreeningResult
 */
import { formatBytes } from '../files/contract';
import Papa from 'papaparse';
import { z } from 'zod';
import { listQuery } from '../platform/list';
import { COUNTRIES } from './contract';

export const SCREENING_CATEGORIES = ['sanctions', 'pep'] as const;
export type ScreeningCategory = (typeof SCREENING_CATEGORIES)[number];
export const screeningCategoryLabels: Record<ScreeningCategory, string> = { sanctions: 'Sanctions', pep: 'Politically exposed person' };

/** A name scoring at least this (0…1, after the date of birth and nationality adjustments) is a hit. */
export const MATCH_THRESHOLD = 0.85;

export const CSV_COLUMNS = ['name', 'aliases', 'date_of_birth', 'nationality', 'category', 'reference'] as const;
export const REQUIRED_CSV_COLUMNS = ['name', 'category'] as const;
export const MAX_LIST_ROWS = 50_000;
/** Multipart uploads: the CSV file itself. JSON bodies are limited to 64 KB by the API. */
export const MAX_LIST_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_ALIASES = 30;

export const CSV_TEMPLATE = `${CSV_COLUMNS.join(',')}\n"Karim Al-Mirqadi","Abu Faris; K. Mirqadi",1968-04-12,AE,sanctions,DEMO-001\n`;

export type ScreeningHit = {
  entryId: string;
  listId: string;
  listName: string;
  /** The listed person's name. */
  name: string;
  /** 0…1, rounded to 3 decimals. */
  score: number;
  /** The listed name or alias that matched. */
  matchedOn: string;
  category: ScreeningCategory;
  reference: string | null;
  dateOfBirth: string | null;
  nationality: string | null;
  /** Why the score moved: "date of birth matches", "nationality differs"… */
  reasons: string[];
};

export type ScreeningRisk = 'low' | 'medium' | 'high';

export type ScreeningResult = {
  hits: ScreeningHit[];
  flagged: boolean;
  risk: ScreeningRisk;
  threshold: number;
  /** How many listed entries were compared. */
  entriesChecked: number;
  screenedAt: string;
};

export type ScreeningListJson = {
  id: string;
  name: string;
  source: 'upload' | 'demo';
  entryCount: number;
  sanctionsCount: number;
  pepCount: number;
  uploadedBy: { id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
};

export type ScreeningEntryJson = {
  id: string;
  name: string;
  aliases: string[];
  dateOfBirth: string | null;
  nationality: string | null;
  category: ScreeningCategory;
  reference: string | null;
  line: number | null;
};

export type ScreeningListDetailJson = ScreeningListJson & { entries: ScreeningEntryJson[]; entriesTotal: number };

export const screeningMessages = {
  listName: 'Give the list a name of 2 to 80 characters, like "UN consolidated list March 2026"',
  csvMissing: 'Attach the list as a CSV file (or paste its text).',
  csvEmpty: 'The file is empty. Use the template: a header row, then one row per listed person.',
  csvTooLarge: `The list is too large. Upload at most ${MAX_LIST_ROWS.toLocaleString('en-US')} rows and ${formatBytes(MAX_LIST_FILE_BYTES)}.`,
  csvInvalid: (n: number) => `The file has ${n === 1 ? 'one error' : `${n} errors`}, so nothing was uploaded. Correct ${n === 1 ? 'it' : 'them'} and upload again.`,
  missingColumns: (cols: string[]) => `The header row needs the column${cols.length === 1 ? '' : 's'} ${cols.join(', ')}. Columns: ${CSV_COLUMNS.join(', ')}.`,
  unknownColumn: (col: string) => `Unknown column "${col}". Columns: ${CSV_COLUMNS.join(', ')}.`,
  duplicateColumn: (col: string) => `The column "${col}" appears twice.`,
  name: 'The name is missing or has no letters.',
  nameTooLong: 'The name is longer than 200 characters.',
  aliasTooLong: 'An alias is longer than 200 characters.',
  tooManyAliases: `A row can have at most ${MAX_ALIASES} aliases, separated by semicolons.`,
  dateOfBirth: 'Write the date of birth as YYYY-MM-DD, or YYYY when only the year is known.',
  nationality: 'Write the nationality as a two-letter country code (like AE) or a country name.',
  category: 'The category must be sanctions or pep.',
  reference: 'The reference is longer than 100 characters.',
  fieldCount: (got: number, want: number) => `This row has ${got} fields; the header has ${want}. Put commas inside a field in double quotes.`,
  listExists: (name: string) => `A list called "${name}" already exists. Choose another name, or upload with "replace" to update it.`,
  listNotFound: 'We could not find that screening list.',
  checkName: 'Enter a name of 2 to 200 characters to check.',
} as const;

const countryByName = new Map(COUNTRIES.map(([code, name]) => [name.toLowerCase(), code]));
const countryCodes = new Set(COUNTRIES.map(([code]) => code));

/** 'AE', 'ae' or 'United Arab Emirates' → 'AE'; undefined when not a country. */
export function parseCountry(value: string): string | undefined {
  const v = value.trim();
  if (countryCodes.has(v.toUpperCase())) return v.toUpperCase();
  return countryByName.get(v.toLowerCase());
}

/** YYYY-MM-DD (a real date) or YYYY. */
export function parseScreeningDate(value: string): string | undefined {
  const v = value.trim();
  if (/^\d{4}$/.test(v)) {
    const y = Number(v);
    return y >= 1850 && y <= 2100 ? v : undefined;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1850 ? v : undefined;
}

export type ParsedScreeningEntry = {
  line: number;
  name: string;
  aliases: string[];
  dateOfBirth: string | null;
  nationality: string | null;
  category: ScreeningCategory;
  reference: string | null;
};
export type CsvError = { line: number; column?: string; message: string };

const headerKey = (h: string) => h.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s-]+/g, '_');

/**
 * Parses a sanctions/PEP list. Columns: name, aliases (separated by ; or |), date_of_birth, nationality,
 * category (sanctions|pep), reference — only name and category are required, in any order. Every error
 * comes back with its line number; a list with any error is rejected whole.
 */
export function parseScreeningCsv(csv: string): { entries: ParsedScreeningEntry[]; errors: CsvError[] } {
  if (!csv.trim()) return { entries: [], errors: [{ line: 1, message: screeningMessages.csvEmpty }] };
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: false });
  const rows = parsed.data;
  const header = (rows[0] ?? []).map(headerKey);
  const errors: CsvError[] = [];
  const seen = new Set<string>();
  for (const h of header) {
    if (h === '') continue;
    if (!(CSV_COLUMNS as readonly string[]).includes(h)) errors.push({ line: 1, column: h, message: screeningMessages.unknownColumn(h) });
    else if (seen.has(h)) errors.push({ line: 1, column: h, message: screeningMessages.duplicateColumn(h) });
    seen.add(h);
  }
  const missing = REQUIRED_CSV_COLUMNS.filter((c) => !seen.has(c));
  if (missing.length) errors.push({ line: 1, message: screeningMessages.missingColumns(missing) });
  if (errors.length) return { entries: [], errors };

  const col = (name: string) => header.indexOf(name);
  const entries: ParsedScreeningEntry[] = [];
  const dataRows = rows.slice(1);
  if (dataRows.filter((r) => r.some((c) => c.trim() !== '')).length > MAX_LIST_ROWS) {
    return { entries: [], errors: [{ line: 1, message: screeningMessages.csvTooLarge }] };
  }
  dataRows.forEach((row, i) => {
    const line = i + 2;
    if (row.every((c) => c.trim() === '')) return;
    if (row.length !== header.length) {
      errors.push({ line, message: screeningMessages.fieldCount(row.length, header.length) });
      return;
    }
    const get = (name: string) => (col(name) >= 0 ? (row[col(name)] ?? '').trim() : '');
    const rowErrors: CsvError[] = [];
    const name = get('name').replace(/\s+/g, ' ');
    if (!/\p{L}/u.test(name)) rowErrors.push({ line, column: 'name', message: screeningMessages.name });
    else if (name.length > 200) rowErrors.push({ line, column: 'name', message: screeningMessages.nameTooLong });
    const aliases = get('aliases')
      .split(/[;|]/)
      .map((a) => a.trim().replace(/\s+/g, ' '))
      .filter((a) => /\p{L}/u.test(a));
    if (aliases.length > MAX_ALIASES) rowErrors.push({ line, column: 'aliases', message: screeningMessages.tooManyAliases });
    else if (aliases.some((a) => a.length > 200)) rowErrors.push({ line, column: 'aliases', message: screeningMessages.aliasTooLong });
    const dobRaw = get('date_of_birth');
    const dateOfBirth = dobRaw ? parseScreeningDate(dobRaw) : null;
    if (dateOfBirth === undefined) rowErrors.push({ line, column: 'date_of_birth', message: screeningMessages.dateOfBirth });
    const natRaw = get('nationality');
    const nationality = natRaw ? parseCountry(natRaw) : null;
    if (nationality === undefined) rowErrors.push({ line, column: 'nationality', message: screeningMessages.nationality });
    const categoryRaw = get('category').toLowerCase();
    const category = categoryRaw === 'sanction' ? 'sanctions' : categoryRaw;
    if (!(SCREENING_CATEGORIES as readonly string[]).includes(category)) rowErrors.push({ line, column: 'category', message: screeningMessages.category });
    const reference = get('reference');
    if (reference.length > 100) rowErrors.push({ line, column: 'reference', message: screeningMessages.reference });
    if (rowErrors.length) {
      errors.push(...rowErrors);
      return;
    }
    entries.push({
      line,
      name,
      aliases: [...new Set(aliases)].filter((a) => a.toLowerCase() !== name.toLowerCase()),
      dateOfBirth: dateOfBirth ?? null,
      nationality: nationality ?? null,
      category: category as ScreeningCategory,
      reference: reference || null,
    });
  });
  if (!errors.length && !entries.length) errors.push({ line: 2, message: screeningMessages.csvEmpty });
  return { entries, errors };
}

export const listNameSchema = z
  .string({ error: screeningMessages.listName })
  .trim()
  .min(2, screeningMessages.listName)
  .max(80, screeningMessages.listName);

export const uploadListInput = z.object({
  name: listNameSchema,
  csv: z.string({ error: screeningMessages.csvMissing }).min(1, screeningMessages.csvMissing),
  replace: z.boolean({ error: 'replace is true or false.' }).optional().default(false),
});
export type UploadListInput = z.input<typeof uploadListInput>;

export const checkNameInput = z.object({
  name: z.string({ error: screeningMessages.checkName }).trim().min(2, screeningMessages.checkName).max(200, screeningMessages.checkName),
  dateOfBirth: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || parseScreeningDate(v) !== undefined, screeningMessages.dateOfBirth),
  nationality: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || parseCountry(v) !== undefined, screeningMessages.nationality)
    .transform((v) => (v ? parseCountry(v) : undefined)),
});
export type CheckNameInput = z.input<typeof checkNameInput>;

export const SCREENING_LIST_SOURCES = ['upload', 'demo'] as const;
export const SCREENING_LIST_SORT_FIELDS = ['name', 'entries', 'createdAt', 'updatedAt'] as const;

/** The lists, A–Z by default. Search: the list's name and the name of who uploaded it. */
export const screeningListsQuery = listQuery({
  sort: SCREENING_LIST_SORT_FIELDS,
  defaultSort: 'name',
  filters: { source: z.enum(SCREENING_LIST_SOURCES, { error: 'source must be upload or demo' }).optional() },
});
export type ScreeningListsQuery = z.output<typeof screeningListsQuery>;

export const SCREENING_ENTRY_SORT_FIELDS = ['line', 'name', 'category'] as const;

/** One list's entries, in file order by default. Search: names, aliases and references. */
export const screeningEntriesQuery = listQuery({
  sort: SCREENING_ENTRY_SORT_FIELDS,
  defaultSort: 'line',
  filters: { category: z.enum(SCREENING_CATEGORIES, { error: 'category must be sanctions or pep' }).optional() },
});
export type ScreeningEntriesQuery = z.output<typeof screeningEntriesQuery>;

export const listIdParam = z.object({ id: z.uuid(screeningMessages.listNotFound) });
export const listDetailQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  q: z.string().trim().max(100).optional(),
});

/** How a score reads: 0.923 → "92%". */
export const scorePercent = (score: number) => `${Math.round(score * 100)}%`;
