/**
 * The one horizontal bar chart: a bar per row (a month, a property), each split into coloured parts (the
 * series), on a rounded scale. Plain boxes rather than SVG, so labels stay readable on a phone. The
 * picture is one labelled image whose accessible name carries every figure; the same figures are one
 * click away as a real table. Amounts are fils (strings or bigints) and stay bigint: only bar lengths
 * become numbers, in whole dirhams.
 *
 * Used by the admin fee and allocation charts, the property P&L, the fee runs and the income calendar.
 */
import { useId, useState, type ReactNode } from 'react';
import { formatAed, toFils } from '@modules/platform/money';

export type BarSeries<K extends string> = { key: K; label: string; /** Tailwind background class. */ colour: string; /** The word in the spoken summary (default: the label in lower case). */ spoken?: string };
export type BarRow<K extends string> = {
  key: string;
  label: string;
  values: Partial<Record<K, string | bigint | null>>;
  /** Shown at the bar's end and in the table's last column; default Σ values. */
  total?: string | bigint;
  /** Extra words after the label ("fills up", "expected"). */
  note?: string;
  /** Drawn lighter, for expected figures. */
  muted?: boolean;
};

/** A round top for the scale (1, 2 or 5 × a power of ten) at or above `max`. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 100;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** Whole dirhams of a non-negative amount, for bar lengths only. */
const dirhams = (v: string | bigint | null | undefined) => {
  try {
    const f = toFils(v ?? 0);
    return Number(f > 0n ? f / 100n : 0n);
  } catch {
    return 0;
  }
};
const aed = (v: string | bigint | null | undefined) => formatAed(toFils(v ?? 0));

export function StackedBars<K extends string>({
  caption,
  series,
  rows,
  unit = 'AED',
  empty = 'Nothing to show yet.',
  format = aed,
  extraLegend,
}: {
  caption: string;
  series: readonly BarSeries<K>[];
  rows: BarRow<K>[];
  unit?: string;
  empty?: string;
  format?: (v: string | bigint) => string;
  extraLegend?: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const totalOf = (r: BarRow<K>) => (r.total !== undefined ? toFils(r.total) : series.reduce((s, k) => s + (toFils(r.values[k.key] ?? 0) > 0n ? toFils(r.values[k.key] ?? 0) : 0n), 0n));
  const top = niceCeiling(Math.max(0, ...rows.map((r) => Math.max(dirhams(totalOf(r)), series.reduce((s, k) => s + dirhams(r.values[k.key]), 0)))));
  const summary = rows.length
    ? `${caption}. ` +
      rows
        .map((r) => `${r.label}${r.note ? ` (${r.note})` : ''}: ${format(totalOf(r))}` + (series.length > 1 ? ` (${series.map((k) => `${k.spoken ?? k.label.toLowerCase()} ${format(toFils(r.values[k.key] ?? 0))}`).join(', ')})` : ''))
        .join('; ') +
      '.'
    : `${caption}: ${empty}`;

  return (
    <figure aria-labelledby={titleId} className="m-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <figcaption id={titleId} className="text-sm font-semibold text-ink">
          {caption} ({unit})
        </figcaption>
        <div className="flex flex-wrap items-center gap-4 text-xs text-slate-600">
          {series.map((k) => (
            <span key={k.key} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-sm ${k.colour}`} /> {k.label}
            </span>
          ))}
          {extraLegend}
          {rows.length ? (
            <button
              type="button"
              onClick={() => setAsTable((t) => !t)}
              aria-pressed={asTable}
              className="rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              Show as table
            </button>
          ) : null}
        </div>
      </div>
      {!rows.length ? (
        <p className="mt-3 text-sm text-slate-500">{empty}</p>
      ) : asTable ? (
        <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption}, as a table`}>
          <table className="w-full min-w-[480px] text-sm">
            <caption className="sr-only">
              {caption}, in {unit}
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-2 text-left font-semibold">
                  &nbsp;
                </th>
                {series.map((k) => (
                  <th key={k.key} scope="col" className="py-2 text-right font-semibold">
                    {k.label}
                  </th>
                ))}
                {series.length > 1 ? (
                  <th scope="col" className="py-2 text-right font-semibold">
                    Total
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row" className="py-2 text-left font-normal text-slate-700">
                    {r.label}
                    {r.note ? <span className="text-slate-500"> · {r.note}</span> : null}
                  </th>
                  {series.map((k) => (
                    <td key={k.key} className="py-2 text-right tabular-nums">
                      {format(toFils(r.values[k.key] ?? 0))}
                    </td>
                  ))}
                  {series.length > 1 ? <td className="py-2 text-right font-medium tabular-nums">{format(totalOf(r))}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div role="img" aria-label={summary} className="mt-3 max-w-3xl space-y-2.5">
          {rows.map((r) => {
            const parts = series.map((k) => ({ k, v: dirhams(r.values[k.key]) }));
            const sum = parts.reduce((s, p) => s + p.v, 0);
            return (
              <div key={r.key} aria-hidden="true" title={`${r.label}: ${format(totalOf(r))}`}>
                <p className="text-xs text-slate-700">
                  {r.label}
                  {r.note ? <span className="text-slate-500"> · {r.note}</span> : null}
                </p>
                <div className="mt-1 flex items-center gap-2">
                  <div className="flex h-4 min-w-0 flex-1">
                    <div className={`flex h-4 overflow-hidden rounded ${r.muted ? 'opacity-45' : ''}`} style={{ width: `${Math.max(0.5, (sum / top) * 100)}%` }}>
                      {parts.map(({ k, v }) => (sum > 0 && v > 0 ? <div key={k.key} className={`h-4 ${k.colour}`} style={{ width: `${(v / sum) * 100}%` }} /> : null))}
                    </div>
                  </div>
                  <span className="w-20 shrink-0 text-right text-xs tabular-nums text-slate-600">{compact.format(dirhams(totalOf(r)))}</span>
                </div>
              </div>
            );
          })}
          <p aria-hidden="true" className="flex justify-between pr-22 text-[11px] tabular-nums text-slate-400">
            <span>0</span>
            <span>{compact.format(top / 2)}</span>
            <span>{compact.format(top)}</span>
          </p>
        </div>
      )}
    </figure>
  );
}
