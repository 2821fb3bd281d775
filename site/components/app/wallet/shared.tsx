/**
 * What the wallet, checkout and dashboard islands share: query keys (URLs, fetched by the default
 * query function), refreshing everything money touches after a change, fils from JSON, small form
 * pieces in the investor screens' look, and dates.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, LoaderCircle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { formatDateTime as formatDubaiDateTime, formatDayInDubai, todayInDubai } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';

export const WALLET_URL = '/api/wallet';
export const DASHBOARD_URL = '/api/dashboard';
export const WITHDRAWALS_URL = '/api/wallet/withdrawals';
export const transactionsUrl = (params: { limit: number; offset: number; kind?: string }) => {
  const q = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
  if (params.kind) q.set('kind', params.kind);
  return `/api/wallet/transactions?${q}`;
};

/** A JSON amount (string or number of fils) as a bigint; anything unreadable is 0. */
export const fils = toFils;

/** After money moves: the wallet, its history, the dashboard and investments are read again. */
export function refreshMoney(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (q) => {
      const k = String(q.queryKey[0] ?? '');
      return k.startsWith('/api/wallet') || k.startsWith('/api/dashboard') || k.startsWith('/api/investments') || k.startsWith('/api/portfolio') || k.startsWith('/api/sip');
    },
  });
}

export function useRefreshMoney() {
  const client = useQueryClient();
  return () => refreshMoney(client);
}

/** "3 Mar 2026" (Dubai time, the platform's clock). */
export const formatDate = (iso: string) => formatDayInDubai(iso);
/** "3 Mar 2026, 14:05" (Dubai time). */
export const formatDateTime = (iso: string) => formatDubaiDateTime(iso);

/** Today in Dubai as YYYY-MM-DD. */
export { todayInDubai };

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-sm text-ink placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-100';

/** A labelled text input with a hint and an error, both announced with the field. */
export function TextField({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  prefix,
  inputMode,
  autoComplete = 'off',
  placeholder,
  name,
  type = 'text',
  readOnly = false,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  error?: string | null;
  prefix?: string;
  inputMode?: 'decimal' | 'text';
  autoComplete?: string;
  placeholder?: string;
  name?: string;
  type?: 'text' | 'date';
  /** Shown but not editable (e.g. the verified account holder). */
  readOnly?: boolean;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative mt-1.5">
        {prefix ? (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          type={type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          inputMode={inputMode}
          autoComplete={autoComplete}
          placeholder={placeholder}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
          className={`${inputClass} ${prefix ? (prefix.length > 1 ? 'pl-12' : 'pl-8') : ''} ${readOnly ? 'bg-slate-50 text-slate-700' : ''} tabular-nums`}
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A failure shown where the action was taken, with an optional way to fix it. */
export function Problem({ title, children, action }: { title?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <AlertTriangle size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div className={title ? 'mt-0.5' : undefined}>{children}</div>
        {action ? <div className="mt-2">{action}</div> : null}
      </div>
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-slate-600">
      <LoaderCircle size={16} className="animate-spin text-brand-700" aria-hidden="true" />
      {label}
    </span>
  );
}

/** A skeleton block while figures load. */
export function Skeleton({ className = 'h-4 w-24' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-slate-100 ${className}`} />;
}

/** A row of a money summary (label on the left, amount on the right). */
export function SummaryRow({ label, children, strong, note }: { label: ReactNode; children: ReactNode; strong?: boolean; note?: ReactNode }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-2 ${strong ? 'border-t border-slate-200 pt-3 font-semibold text-ink' : 'text-slate-600'}`}>
      <dt className="min-w-0">
        {label}
        {note ? <span className="block text-xs font-normal text-slate-500">{note}</span> : null}
      </dt>
      <dd className="shrink-0 text-right tabular-nums">{children}</dd>
    </div>
  );
}
