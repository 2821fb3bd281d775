/**
 * A property's price over time, in the house style of the dashboard charts: an inline SVG with a spoken
 * summary (trades as a line of dots, the valuation per share as a dashed step line), and the same
 * figures as a table under it. Prices stay bigint fils until they become coordinates.
 */
import { useEffect, useRef, useState } from 'react';
import { convertMinor, type CurrencyCode, formatMoneyCompact } from '@modules/platform/money';
import { DUBAI_TIME_ZONE, formatDateTime } from '@modules/platform/dates';
import { niceStep } from '@site/components/app/SipChart';
import type { ChartPointJson } from '../contract';
import { priceText, shares } from './format';
import { headRow } from './parts';

const HEIGHT = 220;
const PAD = { top: 14, right: 14, bottom: 30, left: 64 };
const dayFmt = new Intl.DateTimeFormat('en-GB', { timeZone: DUBAI_TIME_ZONE, day: 'numeric', month: 'short' });
const dayLabel = (at: string) => dayFmt.format(new Date(at));

/** What the chart shows, in words: the latest trade and valuation, and the range of trade prices. */
export function chartSummary(points: ChartPointJson[], currency: CurrencyCode): string {
  const trades = points.filter((p) => p.kind === 'trade');
  const valuations = points.filter((p) => p.kind === 'valuation');
  const parts: string[] = [];
  if (trades.length) {
    const prices = trades.map((p) => BigInt(p.price));
    const lo = prices.reduce((a, b) => (b < a ? b : a));
    const hi = prices.reduce((a, b) => (b > a ? b : a));
    parts.push(`${trades.length} ${trades.length === 1 ? 'trade' : 'trades'}, last at ${priceText(trades.at(-1)!.price, currency)} a share, ranging from ${priceText(String(lo), currency)} to ${priceText(String(hi), currency)}`);
  } else parts.push('No trades yet');
  if (valuations.length) parts.push(`latest valuation ${priceText(valuations.at(-1)!.price, currency)} a share`);
  return `Price per share over time: ${parts.join('; ')}.`;
}

export function PriceChart({ points, currency }: { points: ChartPointJson[]; currency: CurrencyCode }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.max(280, Math.round(entry!.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const sorted = [...points].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const pts = sorted.map((p) => ({ ...p, t: Date.parse(p.at), v: Number(convertMinor(BigInt(p.price), 'AED', currency)) }));
  const values = pts.map((p) => p.v);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = Math.max((hi - lo) * 0.1, hi * 0.02, 1);
  const step = niceStep(hi - lo + 2 * pad);
  const bottom = Math.max(0, Math.floor((lo - pad) / step) * step);
  const top = Math.ceil((hi + pad) / step) * step;
  const t0 = pts[0]?.t ?? 0;
  const t1 = pts.at(-1)?.t ?? 1;
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + (t1 === t0 ? innerW / 2 : ((t - t0) / (t1 - t0)) * innerW);
  const y = (v: number) => PAD.top + innerH - ((v - bottom) / (top - bottom || 1)) * innerH;
  const trades = pts.filter((p) => p.kind === 'trade');
  const vals = pts.filter((p) => p.kind === 'valuation');
  const tradeLine = trades.map((p, i) => `${i ? 'L' : 'M'}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
  // A valuation holds until the next one: a step line, carried to the right edge.
  const valLine = vals.map((p, i) => `${i ? `H${x(p.t).toFixed(1)} V` : `M${x(p.t).toFixed(1)},`}${y(p.v).toFixed(1)}`).join(' ') + (vals.length ? ` H${(width - PAD.right).toFixed(1)}` : '');
  const grid = Array.from({ length: Math.round((top - bottom) / step) + 1 }, (_, i) => bottom + i * step);
  const ticks = pts.length > 1 ? [pts[0]!, pts.at(-1)!] : pts;
  return (
    <div ref={box} className="w-full">
      <svg role="img" aria-label={chartSummary(points, currency)} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="block max-w-full">
        {grid.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" strokeDasharray="3 4" />
            <text x={PAD.left - 8} y={y(v)} dy="0.32em" textAnchor="end" fontSize="11" fill="#64748b">
              {formatMoneyCompact(v, currency)}
            </text>
          </g>
        ))}
        {ticks.map((p, i) => (
          <text key={p.at} x={x(p.t)} y={HEIGHT - 8} textAnchor={ticks.length === 1 ? 'middle' : i === 0 ? 'start' : 'end'} fontSize="11" fill="#64748b">
            {dayLabel(p.at)}
          </text>
        ))}
        {vals.length ? <path d={valLine} fill="none" stroke="#ad763c" strokeWidth="2" strokeDasharray="6 4" /> : null}
        {trades.length > 1 ? <path d={tradeLine} fill="none" stroke="#176256" strokeWidth="2" strokeLinejoin="round" /> : null}
        {trades.map((p, i) => (
          <circle key={`${p.at}-${i}`} cx={x(p.t)} cy={y(p.v)} r="3" fill="#176256" />
        ))}
      </svg>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-xs text-slate-600" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="inline-block h-2 w-2 rounded-full bg-brand-700" /> Trades
        </li>
        <li className="flex items-center gap-2">
          <span className="inline-block h-0.5 w-5 border-t-2 border-dashed border-sand-600" /> Valuation per share
        </li>
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">Show the figures as a table</summary>
        <div className="relative mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">Trades and valuations per share by date</caption>
            <thead>
              <tr className={headRow}>
                <th scope="col" className="py-2 pr-3 font-medium">
                  When
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  What
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Price per share
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Shares
                </th>
              </tr>
            </thead>
            <tbody>
              {[...sorted].reverse().map((p, i) => (
                <tr key={`${p.at}-${i}`} className="border-b border-slate-100 last:border-0">
                  <td className="whitespace-nowrap py-1.5 pr-3 text-slate-700">{formatDateTime(p.at)}</td>
                  <td className="py-1.5 pr-3 text-slate-700">{p.kind === 'trade' ? 'Trade' : 'Valuation'}</td>
                  <td className="whitespace-nowrap py-1.5 pr-3 text-right tabular-nums">{priceText(p.price, currency)}</td>
                  <td className="py-1.5 text-right tabular-nums text-slate-600">{p.units ? shares(p.units) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
