/**
 * Monthly income against expenses as an inline SVG bar chart. The picture is one labelled image
 * (its summary in the accessible name); the same figures are one click away as a real table.
 */
import { useId, useState } from 'react';
import { cx } from '../ui';
import { shortMonth, monthYear } from './dates';
import { formatAed, formatFils } from './money';
import { Amount } from './parts';

export type MonthFigures = { month: string; income: bigint; expenses: bigint };

const W = 640;
const H = 220;
const PAD = { top: 16, right: 8, bottom: 28, left: 56 };

/** Rounds a maximum up to a tidy axis top (1, 2 or 5 × a power of ten), in whole dirhams. */
export function niceCeiling(aed: number): number {
  if (aed <= 0) return 100;
  const p = 10 ** Math.floor(Math.log10(aed));
  for (const m of [1, 2, 5, 10]) if (m * p >= aed) return m * p;
  return 10 * p;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export function IncomeChart({ months, loading }: { months: MonthFigures[]; loading?: boolean }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  // Bar heights only: money stays bigint everywhere else, pixels may be floats.
  const dirhams = (f: bigint) => Number(f > 0n ? f / 100n : 0n);
  const top = niceCeiling(Math.max(0, ...months.flatMap((m) => [dirhams(m.income), dirhams(m.expenses)])));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, months.length);
  const bar = Math.min(26, slot / 3);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const first = months[0];
  const last = months[months.length - 1];
  const summary =
    months.length && first && last
      ? `Income and expenses by month, ${monthYear(first.month)} to ${monthYear(last.month)}. ` +
        months.map((m) => `${monthYear(m.month)}: income ${formatAed(m.income)}, expenses ${formatAed(m.expenses)}`).join('; ') +
        '.'
      : 'No months to show.';

  return (
    <figure aria-labelledby={titleId} className="m-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <figcaption id={titleId} className="text-sm font-semibold text-ink">
          Income and expenses, last {months.length} months (AED)
        </figcaption>
        <div className="flex items-center gap-4 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-brand-700" /> Income
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-sand-400" /> Expenses
          </span>
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
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full min-w-[420px] text-sm">
            <caption className="sr-only">Income and expenses by month, in AED</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-2 text-left font-semibold">Month</th>
                <th scope="col" className="py-2 text-right font-semibold">Income</th>
                <th scope="col" className="py-2 text-right font-semibold">Expenses</th>
                <th scope="col" className="py-2 text-right font-semibold">Net</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="py-2 text-left font-normal text-slate-700">{monthYear(m.month)}</th>
                  <td className="py-2 text-right"><Amount value={m.income} /></td>
                  <td className="py-2 text-right"><Amount value={m.expenses} /></td>
                  <td className="py-2 text-right font-medium"><Amount value={m.income - m.expenses} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={loading ? 'Loading the chart' : summary} className={cx('mt-3 h-auto w-full', loading && 'animate-pulse opacity-60')}>
          {[0, 0.25, 0.5, 0.75, 1].map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(top * t)} y2={y(top * t)} stroke="currentColor" className="text-slate-200" strokeWidth={1} />
              <text x={PAD.left - 8} y={y(top * t) + 4} textAnchor="end" className="fill-slate-500 text-[11px] tabular-nums">
                {compact.format(top * t)}
              </text>
            </g>
          ))}
          {months.map((m, i) => {
            const cx0 = PAD.left + slot * i + slot / 2;
            const inc = dirhams(m.income);
            const exp = dirhams(m.expenses);
            return (
              <g key={m.month}>
                <rect x={cx0 - bar - 2} y={y(inc)} width={bar} height={Math.max(0, y(0) - y(inc))} rx={3} className="fill-brand-700">
                  <title>{`${monthYear(m.month)} income: AED ${formatFils(m.income)}`}</title>
                </rect>
                <rect x={cx0 + 2} y={y(exp)} width={bar} height={Math.max(0, y(0) - y(exp))} rx={3} className="fill-sand-400">
                  <title>{`${monthYear(m.month)} expenses: AED ${formatFils(m.expenses)}`}</title>
                </rect>
                <text x={cx0} y={H - 8} textAnchor="middle" className="fill-slate-600 text-[11px]">
                  {shortMonth(m.month)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}
