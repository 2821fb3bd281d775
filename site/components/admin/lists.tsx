/**
 * Paged admin lists backed by the API ({ items, total }, 50 a page): the query, client-side
 * filtering of the loaded page, pagination, and the loading / error states.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { errorText } from '@site/lib/api';
import { Button } from './ui';

export const PAGE_SIZE = 50;

export type Paged<T> = { items: T[]; total: number };

/** The query key is the URL itself, so the default query function fetches it (§7). */
export function listUrl(base: string, offset: number, limit = PAGE_SIZE): string {
  return `${base}?limit=${limit}&offset=${offset}`;
}

export function useAdminList<T>(base: string, offset: number) {
  return useQuery<Paged<T>>({ queryKey: [listUrl(base, offset)], placeholderData: keepPreviousData });
}

/** Case- and accent-insensitive text match across the given fields ("layla" finds "Láyla"). */
export function matchesSearch(fields: (string | null | undefined)[], query: string): boolean {
  const q = fold(query.trim());
  if (!q) return true;
  return fields.some((f) => f != null && fold(f).includes(q));
}

function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** "Showing 51–100 of 240" (the range on this page), or a plain count when nothing is filtered out. */
export function rangeText(offset: number, count: number, total: number): string {
  if (total === 0 || count === 0) return `0 of ${total.toLocaleString('en-US')}`;
  return `${(offset + 1).toLocaleString('en-US')}–${(offset + count).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

export function Pagination({
  offset,
  pageCount,
  total,
  shown,
  noun,
  onOffset,
  busy,
}: {
  offset: number;
  /** Records on this page from the server. */
  pageCount: number;
  total: number;
  /** Records left after the client-side filters. */
  shown: number;
  /** [singular, plural], e.g. ['person', 'people']. */
  noun: [string, string];
  onOffset: (offset: number) => void;
  busy?: boolean;
}) {
  const page = Math.floor(offset / PAGE_SIZE) + 1;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = shown !== pageCount;
  const word = (n: number) => (n === 1 ? noun[0] : noun[1]);
  return (
    <nav aria-label={`${noun[1].charAt(0).toUpperCase()}${noun[1].slice(1)} pages`} className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite">
        {pages > 1 ? `Showing ${rangeText(offset, pageCount, total)} ${word(total)}` : `${total.toLocaleString('en-US')} ${word(total)}`}
        {filtered ? <span className="text-slate-500"> · {shown.toLocaleString('en-US')} {shown === 1 ? 'matches' : 'match'} the filters{pages > 1 ? ' on this page' : ''}</span> : null}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <span className="mr-1 text-xs text-slate-500">
            Page {page} of {pages}
          </span>
          <Button icon={ChevronLeft} onClick={() => onOffset(Math.max(0, offset - PAGE_SIZE))} disabled={busy || offset === 0}>
            Previous
          </Button>
          <Button onClick={() => onOffset(offset + PAGE_SIZE)} disabled={busy || offset + PAGE_SIZE >= total}>
            Next
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

export function ListError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-12 text-center">
      <p className="font-semibold text-ink">Couldn't load {what}</p>
      <p className="mt-1 max-w-md text-sm text-slate-500">{errorText(error, 'Request failed')}</p>
      <div className="mt-4">
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}

/** Skeleton rows while a page loads, announced as loading. */
export function LoadingRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="px-4 py-3.5">
              <span className="block h-3 animate-pulse rounded bg-slate-100" style={{ width: `${50 + ((r * 7 + c * 13) % 40)}%` }} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
