/**
 * The SIP projection chart: contributions against an illustrative value, as inline SVG.
 * role="img" with a spoken summary; the same figures follow as a table for anyone who can't see it.
 */
import { useEffect, useRef, useState } from 'react';
import { convertMinor, type CurrencyCode, formatFilsIn, formatMoneyCompact } from '@modules/platform/money';
import type { Projection } from './sip-plan';

const HEIGHT = 240;
const PAD = { top: 14, right: 14, bottom: 30, left: 64 };

/** A round step for about four gridlines. */
export function niceStep(max: number): number {
  if (max <= 0) return 1;
  const raw = max / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const n = raw / mag;
  const nice = [1, 2, 2.5, 3, 4, 5, 10].find((c) => n <= c) ?? 10;
  return nice * mag;
}

export function SipChart({ projection, currency, label }: { projection: Projection; currency: CurrencyCode; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.max(280, Math.round(entry.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Pixel positions only: amounts stay bigint until they become coordinates.
  const pts = projection.months.map((m) => ({
    month: m.month,
    contributed: Number(convertMinor(m.contributed, 'AED', currency)),
    value: Number(convertMinor(m.value, 'AED', currency)),
  }));
  const maxValue = Math.max(1, ...pts.map((p) => p.value));
  const step = niceStep(maxValue);
  const top = Math.ceil(maxValue / step) * step;
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const lastMonth = pts[pts.length - 1]?.month ?? 12;
  const x = (month: number) => PAD.left + (month / lastMonth) * innerW;
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const line = (key: 'contributed' | 'value') => pts.map((p, i) => `${i ? 'L' : 'M'}${x(p.month).toFixed(1)},${y(p[key]).toFixed(1)}`).join(' ');
  const area = (key: 'contributed' | 'value') => `${line(key)} L${x(lastMonth).toFixed(1)},${y(0)} L${x(0)},${y(0)} Z`;
  const gridValues = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const years = lastMonth / 12;
  // As many year labels as fit (about 64 px each), on a round step.
  const fit = Math.max(2, Math.floor(innerW / 64));
  const yearStep = [1, 2, 5, 10].find((s) => years / s + 1 <= fit) ?? 10;
  const yearTicks = Array.from({ length: Math.floor(years / yearStep) + 1 }, (_, i) => i * yearStep);

  return (
    <div ref={box} className="w-full">
      <svg role="img" aria-label={label} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="block max-w-full">
        {gridValues.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" strokeDasharray={v === 0 ? undefined : '3 4'} />
            <text x={PAD.left - 8} y={y(v)} dy="0.32em" textAnchor="end" fontSize="11" fill="#64748b">
              {formatMoneyCompact(v, currency)}
            </text>
          </g>
        ))}
        {yearTicks.map((yr) => (
          <text key={yr} x={x(yr * 12)} y={HEIGHT - 8} textAnchor={yr === 0 ? 'start' : yr === years ? 'end' : 'middle'} fontSize="11" fill="#64748b">
            {yr === 0 ? 'Start' : `Year ${yr}`}
          </text>
        ))}
        <path d={area('value')} fill="#259781" fillOpacity="0.14" />
        <path d={line('value')} fill="none" stroke="#176256" strokeWidth="2.25" strokeLinejoin="round" />
        <path d={area('contributed')} fill="#dcc288" fillOpacity="0.35" />
        <path d={line('contributed')} fill="none" stroke="#ad763c" strokeWidth="2" strokeDasharray="6 4" strokeLinejoin="round" />
      </svg>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-xs text-slate-600" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-5 bg-brand-700" /> Illustrative value
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-5 border-t-2 border-dashed border-sand-600" /> What you pay in
        </li>
      </ul>
    </div>
  );
}

export function SipTable({ projection, currency }: { projection: Projection; currency: CurrencyCode }) {
  const fmt = (fils: bigint) => formatFilsIn(fils, currency);
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">Year-by-year figures: what you pay in and the illustrative value at 10% a year</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-3 font-medium">Year</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">Paid in</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              <span className="sm:hidden">Value</span>
              <span className="hidden sm:inline">Illustrative value</span>
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              <span className="sm:hidden">Growth</span>
              <span className="hidden sm:inline">Illustrative growth</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {projection.years.map((row) => (
            <tr key={row.year} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-3 font-medium text-ink">{row.year}</th>
              <td className="py-2 pr-3 text-right tabular-nums">{fmt(row.contributed)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{fmt(row.value)}</td>
              <td className="py-2 text-right tabular-nums text-brand-700">{fmt(row.gain)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
