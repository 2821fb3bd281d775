/**
 * Pieces shared by the budget and cost-center screens: endpoints, the cost-center list and tree,
 * periods, AED figures (negatives read aloud as "minus"), labelled fields and a modal dialog on the
 * native <dialog> element.
 */
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatFils } from '../../../../modules/budgets/contract';
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

const pad = (n: number) => String(n).padStart(2, '0');
export function todayInDubai(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
export function monthEnd(d: string): string {
  return new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 0)).toISOString().slice(0, 10);
}
const isoDate = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);

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

/** A preset period around today (UAE), or around `year` for the year-based ones when given. */
export function presetRange(key: PresetKey, today = todayInDubai(), year?: number): Range {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const q = Math.floor((m - 1) / 3);
  switch (key) {
    case 'ytd':
      return year && year !== y ? { from: `${year}-01-01`, to: `${year}-12-31` } : { from: `${y}-01-01`, to: today };
    case 'year':
      return { from: `${year ?? y}-01-01`, to: `${year ?? y}-12-31` };
    case 'this-month':
      return { from: `${today.slice(0, 7)}-01`, to: monthEnd(today) };
    case 'last-month': {
      const start = isoDate(y, m - 1, 1);
      return { from: start, to: monthEnd(start) };
    }
    case 'this-quarter':
      return { from: isoDate(y, q * 3 + 1, 1), to: monthEnd(isoDate(y, q * 3 + 3, 1)) };
    case 'last-quarter': {
      const start = isoDate(y, q * 3 - 2, 1);
      return { from: start, to: monthEnd(isoDate(Number(start.slice(0, 4)), Number(start.slice(5, 7)) + 2, 1)) };
    }
  }
}

const dayFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthFmt = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const monthYearFmt = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const asDate = (d: string) => new Date(`${d.length === 7 ? `${d}-01` : d}T00:00:00Z`);
export const formatDay = (d: string) => dayFmt.format(asDate(d));
export const shortMonth = (d: string) => monthFmt.format(asDate(d));
export const monthYear = (d: string) => monthYearFmt.format(asDate(d));
export const formatRange = (r: Range) => (r.from === r.to ? formatDay(r.from) : `${formatDay(r.from)} – ${formatDay(r.to)}`);
export const isIsoDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(asDate(s).getTime()) && asDate(s).toISOString().slice(0, 10) === s;
export { pad };

// ---------------------------------------------------------------------------------------------
// Figures

const toBig = (v: bigint | string | number | null | undefined) => (v === null || v === undefined || v === '' ? 0n : BigInt(v));

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
