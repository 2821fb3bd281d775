/**
 * What the operator's distribution screens share: API addresses (a query key is its URL, so the app's
 * default query function fetches it), screen paths, refreshing after a change, the property list for
 * choosers, status tones and a labelled month field.
 */
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { refreshAdminMoney } from '@site/components/admin/money/shared';
import { inputClass } from '@site/components/admin/ledger/parts';
import type { Tone } from '@site/components/admin/table';
import { cx } from '@site/components/admin/ui';
import type { AdminPropertyList } from '@modules/properties/admin-list-contract';
import { addMonths, todayInDubai } from '@modules/platform/dates';
import type { DistributionStatus } from '../../contract';

export const BOOKS = '/api/admin/property-books';
export const booksUrl = (propertyId: string, months?: number) => {
  const base = `${BOOKS}/${encodeURIComponent(propertyId)}`;
  if (!months) return base;
  const to = todayInDubai().slice(0, 7);
  const from = addMonths(`${to}-01`, -(months - 1)).slice(0, 7);
  return `${base}?from=${from}&to=${to}`;
};
export const recordsUrl = (propertyId: string) => `${BOOKS}/${encodeURIComponent(propertyId)}/records`;
export const reverseUrl = (recordId: string) => `${BOOKS}/records/${encodeURIComponent(recordId)}/reverse`;
export const monthUrl = (propertyId: string, period: string) => `${BOOKS}/${encodeURIComponent(propertyId)}/months/${encodeURIComponent(period)}`;
export const reserveUrl = (propertyId: string) => `${BOOKS}/${encodeURIComponent(propertyId)}/reserve`;

export const DISTRIBUTIONS = '/api/admin/distributions';
export const SUMMARY_URL = `${DISTRIBUTIONS}/summary`;
export const previewUrl = (propertyId: string, period: string, amount?: bigint | null) =>
  `${DISTRIBUTIONS}/preview?propertyId=${encodeURIComponent(propertyId)}&period=${encodeURIComponent(period)}${amount ? `&amount=${amount}` : ''}`;
export const runUrl = (id: string) => `${DISTRIBUTIONS}/${encodeURIComponent(id)}`;

/** Every property, by title, for the choosers (the catalogue's admin list, up to its page limit of 200). */
export const PROPERTY_OPTIONS_URL = '/api/admin/properties?limit=200&sort=title';
export const usePropertyOptions = () => useQuery<AdminPropertyList>({ queryKey: [PROPERTY_OPTIONS_URL], staleTime: 60_000 });

export const BOOKS_PATH = '/admin/property-books';
export const DISTRIBUTIONS_PATH = '/admin/distributions';
/** The property books of one property. */
export const booksHref = (propertyId: string) => `${BOOKS_PATH}?property=${encodeURIComponent(propertyId)}`;
/** The distributions screen with the create flow open on a property (and month). */
export const prepareHref = (propertyId: string, period?: string) => `${DISTRIBUTIONS_PATH}?prepare=${encodeURIComponent(propertyId)}${period ? `&month=${encodeURIComponent(period)}` : ''}`;

const startsWith = (...prefixes: string[]) => ({ predicate: (q: { queryKey: readonly unknown[] }) => prefixes.some((p) => String(q.queryKey[0] ?? '').startsWith(p)) });

/** After a record, a reversal, an occupancy or reserve change: the books, the P&L and what is payable. */
export function refreshBooks(client: QueryClient) {
  return client.invalidateQueries(startsWith(BOOKS, DISTRIBUTIONS, '/api/properties/', '/api/admin/ledger'));
}

/** After a run is created, approved, paid or cancelled: every distribution figure, and (paid) wallets and the ledger. */
export function refreshDistributions(client: QueryClient, opts: { money?: boolean } = {}) {
  const own = client.invalidateQueries(startsWith(DISTRIBUTIONS, BOOKS, '/api/properties/'));
  return opts.money ? Promise.all([own, refreshAdminMoney(client)]) : own;
}

export const statusTone: Record<DistributionStatus, Tone> = { draft: 'sand', approved: 'brand', paid: 'success', cancelled: 'neutral' };

/** This month and the `count − 1` before it, newest first, as YYYY-MM. */
export function recentPeriods(count: number, today = todayInDubai()): string[] {
  const first = `${today.slice(0, 7)}-01`;
  return Array.from({ length: count }, (_, i) => addMonths(first, -i).slice(0, 7));
}
/** The month before this one (the usual month to record or distribute). */
export const lastMonth = (today = todayInDubai()) => addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);

/** A labelled month input (YYYY-MM) with its error and hint announced with it. */
export function MonthField({ label, value, onChange, error, hint, max, className }: { label: string; value: string; onChange: (v: string) => void; error?: string | null; hint?: string; max?: string; className?: string }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('min-w-0', className)}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="month"
        value={value}
        max={max}
        placeholder="YYYY-MM"
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(inputClass, 'tabular-nums')}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled multi-line text field with a character count. */
export function TextArea({ label, value, onChange, error, max, required, rows = 3 }: { label: string; value: string; onChange: (v: string) => void; error?: string | null; max: number; required?: boolean; rows?: number }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
        {required ? <span className="text-slate-400"> (required)</span> : null}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={rows}
        maxLength={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-count`}
        className={inputClass}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-count`} className="mt-1 text-xs text-slate-500">
          {value.trim().length}/{max} characters
        </p>
      )}
    </div>
  );
}
