/**
 * The list state of an admin table, kept in the admin route's query string (wouter's search hook),
 * so a filtered view survives a reload and can be shared. Typing in the search box and changing the
 * page size replace the history entry; a new sort, filter or page adds one, so Back returns to the
 * previous view.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { readListState, writeListState, type ListState, type ListStateSpec } from './url-state';

export type ListStateChange = Partial<Omit<ListState, 'filters'>> & { filters?: Record<string, string> };

export function useListState(spec: ListStateSpec) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => readListState(search, spec), [search, spec]);

  const update = useCallback(
    (change: ListStateChange, opts: { replace?: boolean } = {}) => {
      // Anything but a page change starts again at the first page.
      const offset = change.offset ?? 0;
      const current = readListState(search, spec);
      const next: ListState = { ...current, ...change, offset, filters: change.filters ? { ...current.filters, ...change.filters } : current.filters };
      const qs = writeListState(search, next, spec);
      // A tab named by the hash (/admin/communications#outbox) stays open.
      const hash = typeof window !== 'undefined' && window.location.pathname.toLowerCase() === location ? window.location.hash : '';
      navigate(`${location}${qs ? `?${qs}` : ''}${hash}`, { replace: opts.replace ?? false });
    },
    [search, location, navigate, spec],
  );

  const clear = useCallback(() => {
    // Back to each filter's default (none for most).
    const empty = Object.fromEntries(spec.filterKeys.map((k) => [k, spec.filterDefaults?.[k] ?? '']));
    update({ q: '', filters: empty }, {});
  }, [update, spec]);

  return { state, update, clear };
}
