/** The admin table's footer: '1–50 of 1,234', previous and next page, and the page size. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../ui';
import { PAGE_SIZES, rangeText } from './url-state';

export function Pager({
  offset,
  limit,
  count,
  total,
  label,
  busy,
  onOffset,
  onLimit,
}: {
  offset: number;
  limit: number;
  /** Rows on this page. */
  count: number;
  total: number;
  /** e.g. 'Account pages'. */
  label: string;
  busy?: boolean;
  onOffset: (offset: number) => void;
  onLimit: (limit: number) => void;
}) {
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  const sizes = (PAGE_SIZES as readonly number[]).includes(limit) ? PAGE_SIZES : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  return (
    <nav aria-label={label} className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
      <p className="tabular-nums">{rangeText(offset, count, total)}</p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 pb-0.5 text-xs font-medium text-slate-600">
          Rows per page
          <select
            value={String(limit)}
            onChange={(e) => onLimit(Number(e.target.value))}
            className="rounded-lg border border-slate-300 bg-white py-1.5 pl-2 pr-7 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          >
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <span className="px-1 text-xs text-slate-500">
          Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
        </span>
        <Button icon={ChevronLeft} onClick={() => onOffset(Math.max(0, offset - limit))} disabled={busy || offset === 0}>
          Previous
        </Button>
        <Button onClick={() => onOffset(offset + limit)} disabled={busy || offset + limit >= total}>
          Next
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
