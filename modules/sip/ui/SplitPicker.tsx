/**
 * The manual split: properties open for funding, each with a share of the monthly amount, and a live
 * total that must reach exactly 100%.
 */
import { Building2 } from 'lucide-react';
import { useId } from 'react';
import type { PropertyCardJson } from '@modules/properties/contract';
import { bpsToPercent } from '@modules/properties/contract';
import { btn } from '@site/components/app/ui';
import { inputClass, Skeleton } from '@site/components/app/wallet/shared';
import { SIP_MAX_ALLOCATIONS, sipMessages } from '../contract';
import { bpsLabel, evenSplit, percentToBps } from './format';

export type SplitRow = { propertyId: string; title: string; text: string };
export type SplitCheck =
  | { ok: true; totalBps: number; allocations: { propertyId: string; percent: number }[] }
  | { ok: false; totalBps: number; error: string };

/** The split as the API takes it (percent with up to two decimals), or the message saying what is wrong. */
export function checkSplit(rows: SplitRow[]): SplitCheck {
  if (rows.length === 0) return { ok: false, totalBps: 0, error: sipMessages.allocationsRequired };
  if (rows.length > SIP_MAX_ALLOCATIONS) return { ok: false, totalBps: 0, error: sipMessages.allocationTooMany };
  const bps = rows.map((r) => percentToBps(r.text));
  const totalBps = bps.reduce<number>((s, b) => s + (b ?? 0), 0);
  if (bps.some((b) => b === null || b === 0)) return { ok: false, totalBps, error: sipMessages.allocationPercent };
  if (totalBps !== 10_000) return { ok: false, totalBps, error: sipMessages.allocationsTotal(bpsLabel(totalBps)) };
  return { ok: true, totalBps, allocations: rows.map((r, i) => ({ propertyId: r.propertyId, percent: bps[i]! / 100 })) };
}

/** Shares spread evenly over the chosen properties ("33.34", "33.33", "33.33"). */
export const spreadEvenly = (rows: SplitRow[]): SplitRow[] => {
  const shares = evenSplit(rows.length);
  return rows.map((r, i) => ({ ...r, text: bpsToPercent(shares[i]) }));
};

export function SplitPicker({
  properties,
  loading,
  loadError,
  rows,
  onChange,
  error,
  showError,
}: {
  properties: PropertyCardJson[];
  loading: boolean;
  loadError: string | null;
  rows: SplitRow[];
  onChange: (rows: SplitRow[]) => void;
  /** A failure the API reported for the split (an unknown or closed property). */
  error: string | null;
  showError: boolean;
}) {
  const legendId = useId();
  const totalId = useId();
  const check = checkSplit(rows);
  const byId = new Map(rows.map((r) => [r.propertyId, r]));
  // A property already in the split that is no longer open stays listed, so it can be taken out.
  const listed = new Set(properties.map((p) => p.id));
  const closed = rows.filter((r) => !listed.has(r.propertyId));
  const toggle = (p: PropertyCardJson, on: boolean) => {
    const next = on ? [...rows, { propertyId: p.id, title: p.title, text: '' }] : rows.filter((r) => r.propertyId !== p.id);
    // Choosing or dropping a property re-spreads the split evenly until the investor types their own shares.
    onChange(isEven(rows) ? spreadEvenly(next) : next);
  };
  const setText = (id: string, text: string) => onChange(rows.map((r) => (r.propertyId === id ? { ...r, text } : r)));
  const message = error ?? (showError && !check.ok ? check.error : null);

  return (
    <fieldset className="mt-4 rounded-lg border border-slate-200 p-4" aria-describedby={`${totalId}${message ? ` ${totalId}-error` : ''}`}>
      <legend id={legendId} className="px-1 text-sm font-medium text-ink">
        Your split across properties open for funding
      </legend>
      {loading ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : loadError ? (
        <p className="text-sm text-red-700">{loadError}</p>
      ) : properties.length === 0 && closed.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Building2 size={16} aria-hidden="true" /> No property is open for funding right now. Choose automated, and the plan invests as soon as one opens.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {closed.map((r) => (
            <li key={r.propertyId} className="flex flex-wrap items-center gap-3 py-2.5">
              <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-3">
                <input type="checkbox" checked onChange={() => onChange(rows.filter((x) => x.propertyId !== r.propertyId))} className="mt-1 accent-brand-700" />
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-ink">{r.title}</span>
                  <span className="block text-xs text-red-700">No longer open for funding: untick it and share its part among the others.</span>
                </span>
              </label>
              <span className="text-sm tabular-nums text-slate-600">{r.text}%</span>
            </li>
          ))}
          {properties.map((p) => {
            const row = byId.get(p.id);
            const bps = row ? percentToBps(row.text) : null;
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-3 py-2.5">
                <label className="flex min-w-0 flex-1 cursor-pointer items-start gap-3">
                  <input type="checkbox" checked={!!row} onChange={(e) => toggle(p, e.target.checked)} className="mt-1 accent-brand-700" />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-ink">{p.title}</span>
                    <span className="block text-xs text-slate-500">
                      {p.community}, {p.city} · {bpsToPercent(p.fundedBps, 0)}% funded · net yield {bpsToPercent(p.netYieldBps)}%
                    </span>
                  </span>
                </label>
                {row ? (
                  <span className="flex items-center gap-1.5">
                    <input
                      aria-label={`Share for ${p.title}, percent`}
                      inputMode="decimal"
                      value={row.text}
                      onChange={(e) => setText(p.id, e.target.value)}
                      aria-invalid={showError && (bps === null || bps === 0) ? true : undefined}
                      className={`${inputClass} w-20 text-right`}
                    />
                    <span aria-hidden="true" className="text-sm text-slate-500">
                      %
                    </span>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <p id={totalId} role="status" className={`text-sm font-medium tabular-nums ${check.totalBps === 10_000 ? 'text-brand-800' : 'text-slate-700'}`}>
          Total: {bpsLabel(check.totalBps)}% of 100%
        </p>
        {rows.length > 1 ? (
          <button type="button" className={btn.quiet} onClick={() => onChange(spreadEvenly(rows))}>
            Split evenly
          </button>
        ) : null}
      </div>
      {message ? (
        <p id={`${totalId}-error`} className="mt-2 text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

function isEven(rows: SplitRow[]): boolean {
  const even = spreadEvenly(rows);
  return rows.every((r, i) => r.text === even[i].text);
}
