/** Small pieces the exchange screens share: a query's loading and error states, badges and table cells. */
import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { btn } from '@site/components/app/ui';
import { Problem, Spinner } from '@site/components/app/wallet/shared';
import { errorText } from '@site/lib/api';
import { changeLabel } from './format';

/** Renders a query: a spinner while it loads, its error with a retry, or `children(data)`. */
export function Loaded<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.isPending)
    return (
      <div role="status" aria-live="polite" className="py-6">
        <Spinner label={`Loading ${what}…`} />
      </div>
    );
  if (query.isError)
    return (
      <Problem
        title={`We couldn't load ${what}.`}
        action={
          <button type="button" className={btn.quiet} onClick={() => void query.refetch()}>
            <RefreshCw size={14} aria-hidden="true" />
            Try again
          </button>
        }
      >
        {errorText(query.error, 'Please try again.')}
      </Problem>
    );
  return <>{children(query.data)}</>;
}

export function HaltedBadge() {
  return <span className="ml-2 inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">Halted</span>;
}

/** The 24-hour change, coloured, with words for screen readers. */
export function Change({ bps }: { bps: number | null }) {
  const text = changeLabel(bps);
  if (text === null) return <span className="text-slate-400">—<span className="sr-only">no trades to compare</span></span>;
  const tone = bps! > 0 ? 'text-emerald-700' : bps! < 0 ? 'text-red-700' : 'text-slate-600';
  return (
    <span className={tone}>
      <span className="sr-only">{bps! > 0 ? 'up ' : bps! < 0 ? 'down ' : ''}</span>
      {text}
    </span>
  );
}

export const th = 'px-3 py-2 font-medium first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';
export const td = 'px-3 py-2.5 first:pl-5 last:pr-5 sm:first:pl-6 sm:last:pr-6';
export const headRow = 'border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500';
export const bodyRow = 'border-b border-slate-100 last:border-0';

/** A table that scrolls sideways inside a card on small screens, with a spoken caption. */
export function Table({ caption, minWidth = '40rem', children }: { caption: string; minWidth?: string; children: ReactNode }) {
  return (
    <div className="relative -mx-5 overflow-x-auto sm:-mx-6">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
