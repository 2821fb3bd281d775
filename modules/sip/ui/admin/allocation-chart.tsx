/**
 * How a run would be (or was) allocated across properties: one horizontal bar per property (plain
 * boxes, so names stay readable on a phone), on the same scale as the ledger's income chart. The
 * picture is one labelled image whose accessible name carries every figure; the same figures are one
 * click away as a real table.
 */
import { useId, useState } from 'react';
import { aed } from '@site/components/admin/money/shared';
import { niceCeiling } from '@site/components/admin/ledger/IncomeChart';
import { Amount } from '@site/components/admin/ledger/parts';
import { Badge, cx } from '@site/components/admin/ui';
import { count, shares } from './shared';

export type AllocationBar = { propertyId: string; reference: string; title: string; amount: string; units: string; plans: number; fillsUp?: boolean };

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Whole dirhams, for bar lengths only (money stays bigint everywhere else). */
const dirhams = (fils: string) => {
  try {
    const f = BigInt(fils);
    return Number(f > 0n ? f / 100n : 0n);
  } catch {
    return 0;
  }
};

export function AllocationChart({ bars, caption, loading }: { bars: AllocationBar[]; caption: string; loading?: boolean }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const top = niceCeiling(Math.max(0, ...bars.map((b) => dirhams(b.amount))));
  const summary = bars.length
    ? `${caption}. ` + bars.map((b) => `${b.title} (${b.reference}): ${aed(b.amount)} from ${b.plans} ${b.plans === 1 ? 'plan' : 'plans'}${b.fillsUp ? ', fills up' : ''}`).join('; ') + '.'
    : `${caption}: nothing to allocate.`;

  return (
    <figure aria-labelledby={titleId} className="m-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <figcaption id={titleId} className="text-sm font-semibold text-ink">
          {caption} (AED)
        </figcaption>
        <div className="flex items-center gap-4 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-brand-700" /> Amount
          </span>
          {bars.some((b) => b.fillsUp) ? (
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-sand-400" /> Fills up
            </span>
          ) : null}
          <button
            type="button"
            onClick={() => setAsTable((t) => !t)}
            aria-pressed={asTable}
            className="rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Show as table
          </button>
        </div>
      </div>
      {asTable ? (
        <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption}, as a table`}>
          <table className="w-full min-w-[520px] text-sm">
            <caption className="sr-only">{caption}, in AED</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-2 text-left font-semibold">Property</th>
                <th scope="col" className="py-2 text-right font-semibold">Plans</th>
                <th scope="col" className="py-2 text-right font-semibold">Shares</th>
                <th scope="col" className="py-2 text-right font-semibold">Amount (AED)</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {bars.map((b) => (
                <tr key={b.propertyId}>
                  <th scope="row" className="py-2 text-left font-normal text-slate-700">
                    {b.title} <span className="text-xs text-slate-500">{b.reference}</span> {b.fillsUp ? <Badge tone="sand">Fills up</Badge> : null}
                  </th>
                  <td className="py-2 text-right tabular-nums">{count(b.plans)}</td>
                  <td className="py-2 text-right tabular-nums">{shares(b.units)}</td>
                  <td className="py-2 text-right font-medium">
                    <Amount value={b.amount} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div role="img" aria-label={loading ? 'Loading the chart' : summary} className={cx('mt-3 max-w-3xl space-y-2.5', loading && 'animate-pulse opacity-60')}>
          {bars.map((b) => {
            const v = dirhams(b.amount);
            return (
              <div key={b.propertyId} aria-hidden="true" title={`${b.title} (${b.reference}): ${aed(b.amount)}, ${shares(b.units)} shares, ${b.plans} ${b.plans === 1 ? 'plan' : 'plans'}${b.fillsUp ? '; fills up' : ''}`}>
                <p className="truncate text-xs text-slate-700">
                  {b.title} <span className="text-slate-500">· {b.reference}</span>
                </p>
                <div className="mt-1 flex items-center gap-2">
                  <div className="h-4 min-w-0 flex-1">
                    <div className={cx('h-4 rounded', b.fillsUp ? 'bg-sand-400' : 'bg-brand-700')} style={{ width: `${Math.max(0.5, (v / top) * 100)}%` }} />
                  </div>
                  <span className="w-24 shrink-0 text-right text-xs tabular-nums text-slate-600">
                    {compact.format(v)}
                    {b.fillsUp ? ' · full' : ''}
                  </span>
                </div>
              </div>
            );
          })}
          <p aria-hidden="true" className="flex justify-between pr-26 text-[11px] tabular-nums text-slate-400">
            <span>0</span>
            <span>{compact.format(top / 2)}</span>
            <span>{compact.format(top)}</span>
          </p>
        </div>
      )}
    </figure>
  );
}
