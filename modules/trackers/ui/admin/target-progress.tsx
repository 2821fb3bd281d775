/** How far the tracked value is from its target: a bar and the percentage, coloured by the tracker's direction. */
import { cx } from '@site/components/admin/ui';
import type { TrackerDirection } from '../../contract';

export function TargetProgress({ bps, direction }: { bps: number | null; direction: TrackerDirection }) {
  if (bps === null) return <span className="text-xs text-slate-400">No target to compare</span>;
  const pct = bps / 100;
  const good = direction === 'higher_is_better' ? bps >= 10_000 : bps <= 10_000;
  const width = Math.max(0, Math.min(100, pct));
  return (
    <div className="min-w-28">
      <span className={cx('text-sm tabular-nums', good ? 'text-emerald-800' : 'text-amber-800')}>
        {pct.toLocaleString('en-US', { maximumFractionDigits: 1 })}%<span className="sr-only"> of target, {good ? 'on track' : 'off track'}</span>
      </span>
      <div className="mt-1 h-1.5 w-full rounded-full bg-slate-100" aria-hidden="true">
        <div className={cx('h-1.5 rounded-full', good ? 'bg-emerald-600' : 'bg-amber-500')} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}
