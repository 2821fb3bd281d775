/** Shared pieces of the ERP dashboards: figures that link to their ledger lines, loading, error and empty states, and a chart with its data as a table. */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ErrorState } from '@site/components/admin/table/states';
import { Card, EmptyState, cx } from '@site/components/admin/ui';
import { formatAed } from '@site/components/admin/ledger/money';
import { monthYear } from '@modules/platform/dates';
import { ledgerHref, type Drill } from '../../contract';
import { dashboardUrl, type Range } from './period';

export const aed = (fils: string | bigint) => formatAed(fils);
export const monthName = (month: string) => monthYear(`${month}-01`);
export const dirhams = (fils: string | bigint) => Number(BigInt(fils) / 100n);

/** A money figure that opens the ledger lines it adds up. */
export function FigureLink({ amount, drill, label, className }: { amount: string; drill: Drill; label: string; className?: string }) {
  const scope = drill.accounts?.length ? `accounts ${drill.accounts.join(', ')}` : `account ${drill.account}`;
  return (
    <Link
      href={ledgerHref(drill)}
      className={cx('tabular-nums text-brand-800 underline decoration-brand-200 underline-offset-4 hover:decoration-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500', className)}
      aria-label={`${label}: ${aed(amount)}. Open the ledger lines of ${scope}`}
    >
      {aed(amount)}
    </Link>
  );
}

/** One dashboard's data for a period, with what to show while it loads or when it fails. */
export function useDashboard<T>(key: string, range: Range, isValid: (d: unknown) => boolean) {
  const query = useQuery<T>({ queryKey: [dashboardUrl(key, range)] });
  const invalid = query.isSuccess && !isValid(query.data);
  return { ...query, invalid };
}

export function DashboardState({ query, what, children }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; isFetching: boolean; invalid: boolean }; what: string; children: () => ReactNode }) {
  if (query.isPending) return <Skeleton what={what} />;
  if (query.isError || query.invalid) {
    const error = query.isError ? query.error : new Error('The server answered with something that is not this dashboard.');
    return (
      <Card className="mt-6">
        <ErrorState error={error} what={what} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Card>
    );
  }
  return <>{children()}</>;
}

export function Skeleton({ what }: { what: string }) {
  return (
    <div role="status" aria-live="polite" className="mt-6">
      <span className="sr-only">Loading {what}…</span>
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-28 animate-pulse rounded-xl border border-slate-200 bg-slate-50" />
        ))}
      </div>
      <div aria-hidden="true" className="mt-6 h-64 animate-pulse rounded-xl border border-slate-200 bg-slate-50" />
    </div>
  );
}

export function Empty({ title, children, icon, action }: { title: string; children: ReactNode; icon?: Parameters<typeof EmptyState>[0]['icon']; action?: ReactNode }) {
  return (
    <Card className="mt-6">
      <EmptyState icon={icon} title={title} action={action}>
        {children}
      </EmptyState>
    </Card>
  );
}

export type TableColumn = { label: string; right?: boolean };

/** A chart with its figures as a table for screen readers (the picture itself is hidden from them). */
export function ChartFigure({ title, description, columns, rows, children }: { title: string; description?: string; columns: TableColumn[]; rows: ReactNode[][]; children: ReactNode }) {
  return (
    <Card className="mt-6 p-5">
      <figure className="m-0">
        <figcaption className="text-sm font-semibold text-ink">{title}</figcaption>
        {description ? <p className="mt-0.5 text-xs text-slate-500">{description}</p> : null}
        <div aria-hidden="true" inert className="mt-4 h-64 w-full">
          {children}
        </div>
        <table className="sr-only">
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                {r.map((cell, j) => (j === 0 ? <th key={j} scope="row">{cell}</th> : <td key={j}>{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </Card>
  );
}

/** A plain table of figures inside a card. */
export function FigureTable({ caption, columns, children, empty }: { caption: string; columns: TableColumn[]; children: ReactNode[]; empty?: string }) {
  return (
    <Card className="mt-6 overflow-hidden">
      <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
        <table className="w-full min-w-[520px] border-collapse text-left text-sm">
          <caption className="px-4 pt-4 text-left text-sm font-semibold text-ink">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50/70">
              {columns.map((c) => (
                <th key={c.label} scope="col" className={cx('whitespace-nowrap px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500', c.right && 'text-right')}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
      {children.length === 0 && empty ? <p className="px-4 py-6 text-sm text-slate-500">{empty}</p> : null}
    </Card>
  );
}

export const td = 'px-4 py-3';
export const tdRight = 'px-4 py-3 text-right tabular-nums';
export const isObject = (d: unknown): d is Record<string, unknown> => typeof d === 'object' && d !== null;
export const hasArrays = (d: unknown, ...keys: string[]) => isObject(d) && keys.every((k) => Array.isArray(d[k]));
export const CHART_COLOURS = ['#1f4e5f', '#c8a96a', '#10b981', '#f59e0b', '#6366f1', '#ef4444', '#94a3b8'];
export const axisAed = (v: number) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(v);
