/**
 * What the Properties and Market data screens share: endpoints, uploads (multipart with the CSRF
 * header), percent ⇄ basis points without floats, status badges and a small SVG line chart.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { STATUS_LABELS, type PropertyStatus } from '@modules/properties/contract';
import { readCookie, toApiError } from '@site/lib/api';
import { Badge } from '../ui';

export const ADMIN_PROPERTIES = '/api/admin/properties';
export const MARKET_DATA = '/api/admin/market-data';

/** Invalidate everything under these prefixes after a write (query keys are URLs). */
export const startsWith = (...prefixes: string[]) => ({
  predicate: (q: { queryKey: readonly unknown[] }) => prefixes.some((p) => String(q.queryKey[0] ?? '').startsWith(p)),
});

/** POSTs a multipart form (a file upload) with the CSRF header; throws ApiError like the JSON client. */
export async function upload<T>(url: string, form: FormData): Promise<T> {
  const token = readCookie('XSRF-TOKEN');
  const res = await fetch(url, { method: 'POST', body: form, credentials: 'include', headers: token ? { 'X-CSRF-Token': token } : {} });
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

const STATUS_TONE: Record<PropertyStatus, 'neutral' | 'brand' | 'sand' | 'warning' | 'success' | 'danger'> = {
  draft: 'warning',
  coming_soon: 'sand',
  funding: 'brand',
  funded: 'success',
  exited: 'neutral',
  closed: 'danger',
};
export function StatusBadge({ status }: { status: PropertyStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** "6.25" → 625; null when not a percentage with at most two decimals. */
export function percentToBps(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/%$/, '').trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
}
/** 625 → "6.25", 500 → "5". */
export function bpsToInput(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

export type ChartPoint = { date: string; value: bigint };

/**
 * A line chart of values over time (inline SVG, sized to its box), with a spoken summary and the
 * figures as a table for screen readers. Values stay bigint until they become pixel positions.
 */
export function LineChart({ points, format, label, colour = '#197a69', height = 200 }: { points: ChartPoint[]; format: (v: bigint) => string; label: string; colour?: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(560);
  const titleId = useId();
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => setWidth(Math.max(260, Math.round(entry.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const PAD = { l: 8, r: 8, t: 16, b: 26 };
  const values = sorted.map((p) => p.value);
  const min = values.reduce((a, b) => (b < a ? b : a), values[0] ?? 0n);
  const max = values.reduce((a, b) => (b > a ? b : a), values[0] ?? 0n);
  const times = sorted.map((p) => Date.parse(`${p.date.slice(0, 10)}T00:00:00Z`));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const plotW = width - PAD.l - PAD.r;
  const plotH = height - PAD.t - PAD.b;
  const x = (t: number) => PAD.l + (t1 === t0 ? plotW / 2 : ((t - t0) / (t1 - t0)) * plotW);
  const y = (v: bigint) => (max === min ? PAD.t + plotH / 2 : PAD.t + plotH * (1 - Number(((v - min) * 10_000n) / (max - min)) / 10_000));
  const coords = sorted.map((p, i) => [x(times[i]!), y(p.value)] as const);
  const line = coords.map(([cx, cy], i) => `${i ? 'L' : 'M'}${cx.toFixed(1)} ${cy.toFixed(1)}`).join('');
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const summary = first && last ? `${label}: ${sorted.length} figures, from ${format(first.value)} (${first.date}) to ${format(last.value)} (${last.date}); lowest ${format(min)}, highest ${format(max)}.` : `${label}: no figures yet.`;
  return (
    <div ref={box} className="w-full">
      {sorted.length > 1 ? (
        <p className="mb-1 text-xs text-slate-500" aria-hidden="true">
          Low {format(min)} · high {format(max)}
        </p>
      ) : null}
      {sorted.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-10 text-center text-sm text-slate-500">No figures yet.</p>
      ) : (
        <svg width={width} height={height} role="img" aria-labelledby={titleId} className="block">
          <title id={titleId}>{summary}</title>
          <line x1={PAD.l} x2={width - PAD.r} y1={height - PAD.b} y2={height - PAD.b} stroke="#cbd5e1" />
          {coords.length > 1 ? <path d={`${line}L${coords[coords.length - 1]![0].toFixed(1)} ${height - PAD.b}L${coords[0]![0].toFixed(1)} ${height - PAD.b}Z`} fill={colour} opacity={0.08} /> : null}
          <path d={line} fill="none" stroke={colour} strokeWidth={2.25} strokeLinejoin="round" />
          {coords.length <= 40 ? coords.map(([cx, cy], i) => <circle key={i} cx={cx} cy={cy} r={3} fill="#fff" stroke={colour} strokeWidth={2} />) : null}
          <text x={PAD.l} y={height - 8} fontSize="11" fill="#64748b">{first?.date}</text>
          <text x={width - PAD.r} y={height - 8} fontSize="11" fill="#64748b" textAnchor="end">{last?.date}</text>
        </svg>
      )}
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((p) => (
            <tr key={p.date}>
              <td>{p.date}</td>
              <td>{format(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
