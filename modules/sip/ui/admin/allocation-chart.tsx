/**
 * How a run would be (or was) allocated across properties: one horizontal bar per property, as an
 * inline SVG like the ledger's income chart. The picture is one labelled image whose accessible name
 * carries every figure; the same figures are one click away as a real table.
 */
import { useId, useState } from 'react';
import { aed } from '@site/components/admin/money/shared';
import { niceCeiling } from '@site/components/admin/ledger/IncomeChart';
import { Amount } from '@site/components/admin/ledger/parts';
import { Badge, cx } from '@site/components/admin/ui';
import { count, shares } from './shared';

export type AllocationBar = { propertyId: string; reference: string; title: string; amount: string; units: string; plans: number; fillsUp?: boolean };

const W = 640;
/** Each property: its name on one line, its bar under it. */
const ROW = 44;
const PAD = { top: 4, right: 72, bottom: 24, left: 0 };
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const short = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

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
  const H = PAD.top + PAD.bottom + ROW * Math.max(1, bars.length);
  const plotW = W - PAD.left - PAD.right;
  const x = (v: number) => PAD.left + (v / top) * plotW;
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
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={loading ? 'Loading the chart' : summary} className={cx('mt-3 h-auto w-full max-w-3xl', loading && 'animate-pulse opacity-60')}>
          {[0, 0.5, 1].map((t) => (
            <g key={t}>
              <line x1={x(top * t)} x2={x(top * t)} y1={PAD.top + 18} y2={H - PAD.bottom} stroke="currentColor" className="text-slate-200" strokeWidth={1} />
              <text x={x(top * t)} y={H - 6} textAnchor={t === 0 ? 'start' : 'middle'} className="fill-slate-500 text-[11px] tabular-nums">
                {compact.format(top * t)}
              </text>
            </g>
          ))}
          {bars.map((b, i) => {
            const y0 = PAD.top + ROW * i;
            const v = dirhams(b.amount);
            return (
              <g key={b.propertyId}>
                <text x={PAD.left} y={y0 + 14} className="fill-slate-700 text-[12px]">
                  {short(`${b.title} · ${b.reference}`)}
                </text>
                <rect x={PAD.left} y={y0 + 20} width={Math.max(2, x(v) - PAD.left)} height={16} rx={3} className={b.fillsUp ? 'fill-sand-400' : 'fill-brand-700'}>
                  <title>{`${b.title} (${b.reference}): ${aed(b.amount)}, ${shares(b.units)} shares, ${b.plans} ${b.plans === 1 ? 'plan' : 'plans'}${b.fillsUp ? '; fills up' : ''}`}</title>
                </rect>
                <text x={x(v) + 6} y={y0 + 32} className="fill-slate-600 text-[11px] tabular-nums">
                  {compact.format(v)}
                  {b.fillsUp ? ' · full' : ''}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
