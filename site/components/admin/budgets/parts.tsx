/**
 * Pieces shared by the budget and cost-center screens: endpoints, the cost-center list and tree,
 * periods, AED figures (negatives read aloud as "minus"), labelled fields and a modal dialog on the
 * native <dialog> element.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatFils } from '@modules/budgets/contract';
import {
  addMonths,
  formatDate,
  formatRange as formatDateRange,
  monthEnd,
  monthStart,
  quarterEnd,
  quarterStart,
  todayInDubai,
  yearEnd,
  yearStart,
} from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { cx } from '../ui';

export const BUDGETS_API = '/api/admin/budgets';
export const COST_CENTERS_URL = '/api/admin/ledger/cost-centers';
/** Every cost center for pickers and the tree (not paged; COST_CENTERS_URL is the paged list and where writes go). */
export const COST_CENTER_OPTIONS_URL = `${COST_CENTERS_URL}/options`;

export function apiUrl(path: string, params: Record<string, string | number | undefined | null> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return `${path}${s ? `?${s}` : ''}`;
}

export type CostCenter = { id: string; code: string; name: string; kind: string; parent: string | null; property: string | null; description: string; archived: boolean };
export type TreeNode = CostCenter & { depth: number; path: string[]; children: number };

export const KIND_LABELS: Record<string, string> = { property: 'Property', department: 'Department', project: 'Project' };

/** The cost centers, fetched once and shared by every screen. */
export function useCostCenters() {
  const q = useQuery<{ items: CostCenter[]; total: number }>({ queryKey: [COST_CENTER_OPTIONS_URL] });
  const items = Array.isArray(q.data?.items) ? q.data.items : [];
  return { ...q, items };
}

/** Cost centers in tree order (each after its parent, siblings by code) with depth and path. */
export function costCenterTree(items: CostCenter[]): TreeNode[] {
  const byCode = new Map(items.map((c) => [c.code, c]));
  const children = new Map<string | null, CostCenter[]>();
  for (const c of items) {
    const parent = c.parent && byCode.has(c.parent) ? c.parent : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  for (const list of children.values()) list.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const out: TreeNode[] = [];
  const walk = (c: CostCenter, depth: number, path: string[]) => {
    out.push({ ...c, depth, path, children: children.get(c.code)?.length ?? 0 });
    for (const child of children.get(c.code) ?? []) walk(child, depth + 1, [...path, c.code]);
  };
  for (const root of children.get(null) ?? []) walk(root, 0, []);
  return out;
}

/** Select options for cost centers, indented by depth ("   Dubai office (OPS-DXB)"). */
export function costCenterOptions(items: CostCenter[], opts: { includeArchived?: boolean } = {}) {
  return costCenterTree(items)
    .filter((c) => opts.includeArchived || !c.archived)
    .map((c) => ({ value: c.code, label: `${'\u00a0\u00a0\u00a0'.repeat(c.depth)}${c.name} (${c.code})${c.archived ? ' · archived' : ''}` }));
}

// ---------------------------------------------------------------------------------------------
// Dates and periods (UAE calendar days)

export { isIsoDate, monthEnd, monthYear, shortMonth, todayInDubai } from '@modules/platform/dates';

export type Range = { from: string; to: string };
export type PresetKey = 'ytd' | 'year' | 'this-month' | 'last-month' | 'this-quarter' | 'last-quarter';
export const PERIOD_PRESETS: { key: PresetKey; label: string }[] = [
  { key: 'ytd', label: 'Year to date' },
  { key: 'year', label: 'Whole year' },
  { key: 'this-month', label: 'This month' },
  { key: 'last-month', label: 'Last month' },
  { key: 'this-quarter', label: 'This quarter' },
  { key: 'last-quarter', label: 'Last quarter' },
];

/** A preset period around today (UAE), or around `year` for the year-based ones when given. Periods run to their last day. */
export function presetRange(key: PresetKey, today = todayInDubai(), year?: number): Range {
  const y = Number(today.slice(0, 4));
  switch (key) {
    case 'ytd':
      return year && year !== y ? { from: yearStart(year), to: yearEnd(year) } : { from: yearStart(y), to: today };
    case 'year':
      return { from: yearStart(year ?? y), to: yearEnd(year ?? y) };
    case 'this-month':
      return { from: monthStart(today), to: monthEnd(today) };
    case 'last-month': {
      const start = addMonths(monthStart(today), -1);
      return { from: start, to: monthEnd(start) };
    }
    case 'this-quarter':
      return { from: quarterStart(today), to: quarterEnd(today) };
    case 'last-quarter': {
      const start = addMonths(quarterStart(today), -3);
      return { from: start, to: quarterEnd(start) };
    }
  }
}

/** '2026-03-14' → '14 Mar 2026'. */
export const formatDay = (d: string) => formatDate(d);
export const formatRange = (r: Range) => formatDateRange(r.from, r.to);

// ---------------------------------------------------------------------------------------------
// Figures

const toBig = toFils;

/** "AED 12,500.00" / "minus AED 12,500.00", for screen-reader text and summaries. */
export function spokenAed(v: bigint | string | number | null | undefined): string {
  const f = toBig(v);
  return f < 0n ? `minus AED ${formatFils(-f)}` : `AED ${formatFils(f)}`;
}

/** A figure in AED: two decimals, thousands separators, negatives with a minus read aloud as "minus". */
export function Amount({ value, className, blankZero, decimals }: { value: bigint | string | number | null | undefined; className?: string; blankZero?: boolean; decimals?: 0 | 2 }) {
  const f = toBig(value);
  if (blankZero && f === 0n) {
    return (
      <span className={cx('tabular-nums text-slate-300', className)}>
        <span aria-hidden="true">–</span>
        <span className="sr-only">0</span>
      </span>
    );
  }
  const text = formatFils(f, { decimals });
  if (f < 0n) {
    return (
      <span className={cx('tabular-nums', className)}>
        <span aria-hidden="true">{text.replace('-', '−')}</span>
        <span className="sr-only">minus {text.slice(1)}</span>
      </span>
    );
  }
  return <span className={cx('tabular-nums', className)}>{text}</span>;
}

export const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-100';

/** A label above any control, with a hint and an error tied to it. */
export function Labelled({ id, label, hint, error, children, className }: { id: string; label: ReactNode; hint?: ReactNode; error?: string | null; children: ReactNode; className?: string }) {
  return (
    <div className={cx('min-w-0', className)}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A problem shown where the action was taken. */
export function ErrorNote({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? 'mt-0.5' : undefined}>{children}</div>
    </div>
  );
}

/** The admin dialog (native <dialog>), shared with the ledger screens. */
export { Dialog } from '../ledger/parts';
