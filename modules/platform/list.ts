/**
 * The one list contract every admin list follows (docs/decisions/010-list-contract.md).
 * Browser-safe: the admin table builds its URLs from these names, the API validates with these schemas.
 *
 *   GET <list>?q&sort&limit&offset&<the list's own filters>  → ListResult<T> = { items, total }
 *   GET <list>/export?<the same query>                       → text/csv of the whole filtered set
 */
import { z } from 'zod';

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;
export const LIST_SEARCH_MAX = 200;
/** The largest offset a list accepts: past it a person filters instead of paging. */
export const LIST_OFFSET_MAX = 10_000_000;

/** One page of a list; `total` counts the whole filtered set. A list may add keys (e.g. `totals`). */
export type ListResult<T, Extra extends object = object> = { items: T[]; total: number } & Extra;

/** `field` sorts ascending, `-field` descending. */
export type SortValue<F extends string> = F | `-${F}`;
export type SortOrder<F extends string> = { field: F; direction: 'asc' | 'desc' };

export const listMessages = {
  q: `Search must be text of at most ${LIST_SEARCH_MAX} characters.`,
  limit: `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}.`,
  offset: 'offset must be a whole number, 0 or more.',
  sort: (fields: readonly string[]) => `sort must be one of: ${fields.flatMap((f) => [f, `-${f}`]).join(', ')}.`,
} as const;

/** A whole number from a query string ("50"), rejecting "", "1.5", "abc" and "1e3". */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^-?\d{1,12}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message));

/** The part every list shares: search, paging. `sort` is added per list by listQuery(). */
export const listQueryBase = z.object({
  q: z
    .string({ error: listMessages.q })
    .trim()
    .max(LIST_SEARCH_MAX, listMessages.q)
    .optional()
    .transform((s) => s || undefined),
  limit: wholeNumber(listMessages.limit, 1, LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  offset: wholeNumber(listMessages.offset, 0, LIST_OFFSET_MAX).default(0),
});

export type ListQueryOptions<F extends string, S extends z.ZodRawShape> = {
  /** The fields a person may sort by; every list with a creation time includes 'createdAt'. */
  sort: readonly [F, ...F[]];
  defaultSort: SortValue<NoInfer<F>>;
  /** Older sort words a screen still sends, mapped to the contract ('newest' → '-createdAt'). */
  sortAliases?: Record<string, SortValue<NoInfer<F>>>;
  /** The list's own filters. */
  filters?: S;
};

/**
 * The query schema of one list: the common part plus its sort fields and its own filters.
 *   listQuery({ sort: ['createdAt', 'email'], defaultSort: '-createdAt', filters: { role: z.enum([...]).optional() } })
 */
export function listQuery<F extends string, S extends z.ZodRawShape = Record<never, never>>(opts: ListQueryOptions<F, S>) {
  const allowed = new Set<string>(opts.sort.flatMap((f) => [f, `-${f}`]));
  const message = listMessages.sort(opts.sort);
  const sort = z
    .string({ error: message })
    .transform((s) => opts.sortAliases?.[s.trim()] ?? s.trim())
    .refine((s) => allowed.has(s), message)
    .transform((s) => s as SortValue<F>)
    .optional()
    .transform((s) => s ?? opts.defaultSort);
  return listQueryBase.extend({ sort, ...(opts.filters ?? ({} as S)) });
}

/** The output of a list's query schema: what the server receives after validation. */
export type ListQuery<F extends string = string> = { q?: string; sort: SortValue<F>; limit: number; offset: number };

export function parseSort<F extends string>(sort: SortValue<F>): SortOrder<F> {
  return sort.startsWith('-') ? { field: sort.slice(1) as F, direction: 'desc' } : { field: sort as F, direction: 'asc' };
}

/** The export URL of a list for the same query (limit and offset are left out: the export has them all). */
export function exportUrl(listPath: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (k === 'limit' || k === 'offset' || v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return `${listPath.replace(/\/$/, '')}/export${s ? `?${s}` : ''}`;
}
