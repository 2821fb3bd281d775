/**
 * The state of an admin list (search, sort, filters, page) as it lives in the admin route's query
 * string, and the API query built from it (the one list contract, modules/platform/list.ts). Pure and
 * browser-safe, so it can be tested without a DOM.
 *
 *   /admin/users?q=aisha&sort=-createdAt&role=investor&offset=50  ⇄  { q, sort, filters, offset, limit }
 *
 * Values equal to the list's defaults are left out of the URL, so an untouched list has a clean one.
 * A screen with two lists on one route gives one of them a `prefix` ('outbox.') for its own keys.
 */
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '@modules/platform/list';

export type ListState = {
  q: string;
  /** `field` or `-field`; '' when the list has no sort of its own. */
  sort: string;
  offset: number;
  limit: number;
  /** The list's own filters by query name (a date range is two filters, e.g. from and to). */
  filters: Record<string, string>;
};

export type ListStateSpec = {
  /** The query names of the list's own filters. */
  filterKeys: readonly string[];
  /** Filters with a value when the URL names none (kept out of the URL when chosen). */
  filterDefaults?: Readonly<Record<string, string>>;
  defaultSort?: string;
  defaultLimit?: number;
  /** Sort values the list accepts; anything else in the URL falls back to the default. */
  sortValues?: readonly string[];
  prefix?: string;
};

export const PAGE_SIZES = [25, 50, 100, 200] as const;

const wholeNumber = (raw: string | null): number | null => (raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** The list state a query string describes (bad or missing values fall back to the defaults). */
export function readListState(search: string | URLSearchParams, spec: ListStateSpec): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const p = spec.prefix ?? '';
  const defaultLimit = spec.defaultLimit ?? LIST_LIMIT_DEFAULT;
  const limit = wholeNumber(params.get(`${p}limit`));
  const sort = params.get(`${p}sort`)?.trim() ?? '';
  const filters: Record<string, string> = {};
  for (const key of spec.filterKeys) {
    const raw = params.get(`${p}${key}`);
    const fallback = spec.filterDefaults?.[key];
    // A filter with a default: absent means the default, present but empty means "no filter" (kept as '').
    if (raw === null) {
      if (fallback) filters[key] = fallback;
    } else if (raw.trim() || fallback) filters[key] = raw.trim();
  }
  return {
    q: params.get(`${p}q`)?.trim() ?? '',
    sort: sort && (!spec.sortValues || spec.sortValues.includes(sort)) ? sort : (spec.defaultSort ?? ''),
    offset: wholeNumber(params.get(`${p}offset`)) ?? 0,
    limit: limit !== null && limit >= 1 && limit <= LIST_LIMIT_MAX ? limit : defaultLimit,
    filters,
  };
}

/**
 * The query string after a change to the list state. Every other parameter of the route (another
 * list's keys, a tab) is kept; defaults are removed so the URL says only what was chosen.
 */
export function writeListState(search: string | URLSearchParams, state: ListState, spec: ListStateSpec): string {
  const params = new URLSearchParams(search);
  const p = spec.prefix ?? '';
  const set = (key: string, value: string | number, fallback: string | number) => {
    if (value === '' || value === fallback) params.delete(`${p}${key}`);
    else params.set(`${p}${key}`, String(value));
  };
  set('q', state.q.trim(), '');
  set('sort', state.sort, spec.defaultSort ?? '');
  for (const key of spec.filterKeys) {
    const value = state.filters[key]?.trim() ?? '';
    const fallback = spec.filterDefaults?.[key] ?? '';
    // "No filter" on a list whose filter has a default is written as an empty value (?status=).
    if (fallback && value === '') params.set(`${p}${key}`, '');
    else set(key, value, fallback);
  }
  set('limit', state.limit, spec.defaultLimit ?? LIST_LIMIT_DEFAULT);
  set('offset', state.offset, 0);
  return params.toString();
}

/** Whether the state narrows the list: a search, or a filter other than its default. */
export const isFiltered = (state: ListState, spec: Pick<ListStateSpec, 'filterDefaults'>): boolean =>
  Boolean(state.q) || Object.entries(state.filters).some(([k, v]) => v !== (spec.filterDefaults?.[k] ?? ''));

/** The API query of the list: the contract's names, empty values left out, no prefix. */
export function apiQuery(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.sort) params.set('sort', state.sort);
  for (const [k, v] of Object.entries(state.filters)) if (v) params.set(k, v);
  params.set('limit', String(state.limit));
  params.set('offset', String(state.offset));
  return params;
}

/** The sort after a person activates a column's sort button: same field flips, a new field starts at its first direction. */
export function nextSort(current: string, field: string, firstDirection: 'asc' | 'desc' = 'asc'): string {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return field;
  return firstDirection === 'desc' ? `-${field}` : field;
}

/** aria-sort of a column for the current sort. */
export function ariaSortFor(current: string, field: string | undefined): 'ascending' | 'descending' | 'none' | undefined {
  if (!field) return undefined;
  if (current === field) return 'ascending';
  if (current === `-${field}`) return 'descending';
  return 'none';
}

/** '1–50 of 1,234'; '0 of 0' when nothing is there. */
export function rangeText(offset: number, count: number, total: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  if (total === 0 || count === 0) return `0 of ${n(total)}`;
  return `${n(offset + 1)}–${n(offset + count)} of ${n(total)}`;
}
