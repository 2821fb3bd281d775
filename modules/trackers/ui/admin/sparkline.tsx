/** A small line of the last 30 tracked values; decorative (the figures are in the row and the tracker's chart). */
import type { MetricUnit } from '../../contract';
import { chartNumber } from './shared';

export function Sparkline({ values, unit, alerting }: { values: string[]; unit: MetricUnit; alerting?: boolean }) {
  if (values.length < 2) return <span className="text-xs text-slate-400">No history yet</span>;
  const nums = values.map((v) => chartNumber(unit, v));
  const min = Math.min(...nums);
  const max = Math.max(...nums);
  const span = max - min || 1;
  const w = 120;
  const h = 32;
  const points = nums.map((n, i) => `${((i / (nums.length - 1)) * w).toFixed(1)},${(h - 2 - ((n - min) / span) * (h - 4)).toFixed(1)}`).join(' ');
  return (
    <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} aria-hidden="true" focusable="false" className="overflow-visible">
      <polyline points={points} fill="none" strokeWidth={1.75} strokeLinejoin="round" strokeLinecap="round" className={alerting ? 'stroke-red-600' : 'stroke-brand-600'} />
    </svg>
  );
}
