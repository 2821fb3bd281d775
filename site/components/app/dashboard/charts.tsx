/**
 * The dashboard's charts as small inline SVGs, in the house style of SipChart: role="img" with a
 * spoken summary, and the same figures as a table beside or below for anyone who can't see them.
 * Amounts stay bigint fils until they become angles or coordinates.
 */
import { useEffect, useRef, useState } from 'react';
import { convertMinor, type CurrencyCode, formatFilsIn, formatMoneyCompact } from '@modules/platform/money';
import { niceStep } from '../SipChart';

/** Brand and sand tones, dark to light, alternating so neighbouring slices stay distinct. */
export const SLICE_COLOURS = ['#176256', '#cfa862', '#47b39c', '#8f5a34', '#b0e4d6', '#ad763c', '#12403a', '#eadbb5'];
const OTHER_COLOUR = '#cbd5e1';

export type Slice = { key: string; label: string; fils: bigint };

/** Shares of a whole in tenths of a percent, summing to exactly 1000 (largest remainder), so the table adds up. */
export function sharesPermille(values: bigint[]): number[] {
  const total = values.reduce((s, v) => s + (v > 0n ? v : 0n), 0n);
  if (total === 0n) return values.map(() => 0);
  const exact = values.map((v) => ((v > 0n ? v : 0n) * 1000n * 1_000_000n) / total);
  const floors = exact.map((e) => e / 1_000_000n);
  let left = 1000n - floors.reduce((s, f) => s + f, 0n);
  const order = exact.map((e, i) => ({ i, rem: e % 1_000_000n })).sort((a, b) => (b.rem > a.rem ? 1 : b.rem < a.rem ? -1 : a.i - b.i));
  const out = floors.map(Number);
  for (const { i } of order) {
    if (left <= 0n) break;
    out[i]! += 1;
    left -= 1n;
  }
  return out;
}

export const permilleLabel = (p: number) => `${Math.floor(p / 10)}.${p % 10}%`;

/** Keeps the largest `max - 1` slices and folds the rest into "Other", so the donut stays readable. */
export function topSlices(slices: Slice[], max = 6): Slice[] {
  const sorted = [...slices].filter((s) => s.fils > 0n).sort((a, b) => (b.fils > a.fils ? 1 : b.fils < a.fils ? -1 : a.label.localeCompare(b.label)));
  if (sorted.length <= max) return sorted;
  const rest = sorted.slice(max - 1).reduce((s, x) => s + x.fils, 0n);
  return [...sorted.slice(0, max - 1), { key: '__other', label: 'Other', fils: rest }];
}

function arcPath(cx: number, cy: number, r: number, inner: number, start: number, end: number): string {
  // A full circle can't be one arc: draw it as two halves.
  if (end - start >= Math.PI * 2 - 1e-6) {
    const mid = start + Math.PI;
    return `${arcPath(cx, cy, r, inner, start, mid)} ${arcPath(cx, cy, r, inner, mid, end)}`;
  }
  const p = (rad: number, a: number) => `${(cx + rad * Math.sin(a)).toFixed(2)},${(cy - rad * Math.cos(a)).toFixed(2)}`;
  const large = end - start > Math.PI ? 1 : 0;
  return `M${p(r, start)} A${r},${r} 0 ${large} 1 ${p(r, end)} L${p(inner, end)} A${inner},${inner} 0 ${large} 0 ${p(inner, start)} Z`;
}

/** A donut of how a whole splits, with its legend as a real table (label, amount, share). */
export function Donut({ slices, currency, title, caption }: { slices: Slice[]; currency: CurrencyCode; title: string; caption: string }) {
  const shown = topSlices(slices);
  const shares = sharesPermille(shown.map((s) => s.fils));
  const total = shown.reduce((s, x) => s + x.fils, 0n);
  const money = (fils: bigint) => formatFilsIn(fils, currency);
  const size = 168;
  const r = size / 2;
  const colour = (i: number, s: Slice) => (s.key === '__other' ? OTHER_COLOUR : SLICE_COLOURS[i % SLICE_COLOURS.length]!);
  let angle = 0;
  const summary = `${title}: ${shown.map((s, i) => `${s.label} ${permilleLabel(shares[i]!)}`).join(', ')}.`;
  return (
    <div className="flex flex-col items-center gap-5">
      <svg role="img" aria-label={summary} width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="shrink-0">
        {total === 0n ? (
          <circle cx={r} cy={r} r={r - 14} fill="none" stroke="#e2e8f0" strokeWidth="28" />
        ) : (
          shown.map((s, i) => {
            const sweep = (Number(shares[i]) / 1000) * Math.PI * 2;
            const d = arcPath(r, r, r, r - 28, angle, angle + sweep);
            angle += sweep;
            return sweep > 0 ? <path key={s.key} d={d} fill={colour(i, s)} stroke="#fff" strokeWidth={shown.length > 1 ? 1.5 : 0} /> : null;
          })
        )}
      </svg>
      <div className="relative w-full min-w-0 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                {title.replace(/^Allocation by /i, '').replace(/^./, (c) => c.toUpperCase())}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                Value
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Share
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((s, i) => (
              <tr key={s.key} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-1.5 pr-3 font-normal text-ink">
                  <span className="flex items-start gap-2">
                    <span aria-hidden="true" className="mt-1 inline-block h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: colour(i, s) }} />
                    <span>{s.label}</span>
                  </span>
                </th>
                <td className="whitespace-nowrap py-1.5 pr-3 text-right tabular-nums text-slate-700">{money(s.fils)}</td>
                <td className="py-1.5 text-right tabular-nums text-slate-700">{permilleLabel(shares[i]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export type ValuePoint = { date: string; valueFils: bigint; investedFils: bigint };

const dateLabel = (iso: string, opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...opts }).format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));

/** Portfolio value against the amount invested over time (an area for the value, a dashed line for what was paid in). */
export function ValueChart({ points, currency, label }: { points: ValuePoint[]; currency: CurrencyCode; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.max(280, Math.round(entry!.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const HEIGHT = 220;
  const PAD = { top: 14, right: 14, bottom: 30, left: 64 };
  const pts = points.map((p) => ({ date: p.date, value: Number(convertMinor(p.valueFils, 'AED', currency)), invested: Number(convertMinor(p.investedFils, 'AED', currency)) }));
  const max = Math.max(1, ...pts.map((p) => Math.max(p.value, p.invested)));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const n = Math.max(1, pts.length - 1);
  const x = (i: number) => PAD.left + (pts.length === 1 ? innerW / 2 : (i / n) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const line = (key: 'value' | 'invested') => pts.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ');
  const area = `${line('value')} L${x(pts.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z`;
  const grid = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const fit = Math.max(2, Math.floor(innerW / 72));
  const every = Math.max(1, Math.ceil(pts.length / fit));
  const ticks = pts.map((p, i) => ({ i, date: p.date })).filter(({ i }) => i % every === 0 || i === pts.length - 1);
  return (
    <div ref={box} className="w-full">
      <svg role="img" aria-label={label} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="block max-w-full">
        {grid.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" strokeDasharray={v === 0 ? undefined : '3 4'} />
            <text x={PAD.left - 8} y={y(v)} dy="0.32em" textAnchor="end" fontSize="11" fill="#64748b">
              {formatMoneyCompact(v, currency)}
            </text>
          </g>
        ))}
        {ticks.map(({ i, date }) => (
          <text key={date} x={x(i)} y={HEIGHT - 8} textAnchor={pts.length === 1 ? 'middle' : i === 0 ? 'start' : i === pts.length - 1 ? 'end' : 'middle'} fontSize="11" fill="#64748b">
            {dateLabel(date, { day: 'numeric', month: 'short' })}
          </text>
        ))}
        {pts.length > 1 ? <path d={area} fill="#259781" fillOpacity="0.14" /> : null}
        <path d={line('value')} fill="none" stroke="#176256" strokeWidth="2.25" strokeLinejoin="round" />
        <path d={line('invested')} fill="none" stroke="#ad763c" strokeWidth="2" strokeDasharray="6 4" strokeLinejoin="round" />
        {pts.length === 1 ? <circle cx={x(0)} cy={y(pts[0]!.value)} r="4" fill="#176256" /> : null}
      </svg>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-xs text-slate-600" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-5 bg-brand-700" /> Portfolio value
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-5 border-t-2 border-dashed border-sand-600" /> Amount invested
        </li>
      </ul>
    </div>
  );
}

/** The value-over-time figures as a table (inside a <details> under the chart). */
export function ValueTable({ points, currency }: { points: ValuePoint[]; currency: CurrencyCode }) {
  const money = (fils: bigint) => formatFilsIn(fils, currency);
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">Portfolio value and amount invested by date</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-3 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Invested
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-3 font-medium text-ink">
                {dateLabel(p.date, { day: 'numeric', month: 'short', year: 'numeric' })}
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{money(p.investedFils)}</td>
              <td className="py-2 text-right tabular-nums">{money(p.valueFils)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
