/**
 * A tracker's history as a chart: the tracked value as an area (with the daily values as bars when the tracked value
 * sums a week or a month), the target and the alert threshold as reference lines. The chart is a picture for the eye;
 * the same figures are in a visually hidden table for screen readers.
 */
import { Area, Bar, CartesianGrid, ComposedChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '@modules/platform/dates';
import { formatMetricValue, PERIOD_DAYS, type TrackerJson, type TrackerPointJson } from '../../contract';
import { chartNumber } from './shared';

export function TrackerChart({ tracker, points }: { tracker: TrackerJson; points: TrackerPointJson[] }) {
  const summed = tracker.additive && tracker.targetPeriod !== 'day';
  const unit = tracker.unit;
  const data = points.map((p) => ({ date: p.date, tracked: chartNumber(unit, p.tracked), daily: chartNumber(unit, p.value), raw: p }));
  const fmt = (v: string | bigint) => formatMetricValue(unit, v);
  const trackedLabel = summed ? `Last ${PERIOD_DAYS[tracker.targetPeriod]} days` : 'Value';
  return (
    <figure className="m-0">
      <div className="h-72 w-full" aria-hidden="true" inert>
        <ResponsiveContainer width="100%" height="100%" minWidth={240} minHeight={200}>
          <ComposedChart data={data} margin={{ top: 12, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
            <XAxis dataKey="date" tickFormatter={(d: string) => formatDate(d)} minTickGap={32} tick={{ fontSize: 11, fill: '#64748b' }} />
            <YAxis width={72} tick={{ fontSize: 11, fill: '#64748b' }} tickFormatter={(n: number) => n.toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 1 })} />
            <Tooltip
              labelFormatter={(d) => formatDate(String(d))}
              formatter={(_v, name, item) => {
                const raw = (item as { payload?: { raw?: TrackerPointJson } }).payload?.raw;
                return [raw ? fmt(name === 'daily' ? raw.value : raw.tracked) : '', name === 'daily' ? 'That day' : trackedLabel];
              }}
            />
            {summed ? <Bar dataKey="daily" fill="#cbd5e1" isAnimationActive={false} /> : null}
            <Area type="monotone" dataKey="tracked" stroke="#0f766e" fill="#ccfbf1" strokeWidth={2} isAnimationActive={false} />
            <ReferenceLine y={chartNumber(unit, tracker.target)} stroke="#047857" strokeDasharray="6 4" label={{ value: `Target ${fmt(tracker.target)}`, position: 'insideTopLeft', fontSize: 11, fill: '#047857' }} />
            <ReferenceLine y={chartNumber(unit, tracker.threshold)} stroke="#b91c1c" strokeDasharray="2 3" label={{ value: `Alert ${tracker.alertWhen} ${fmt(tracker.threshold)}`, position: 'insideBottomRight', fontSize: 11, fill: '#b91c1c' }} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span>
          <span className="mr-1 inline-block h-2 w-3 rounded-sm bg-teal-200 ring-1 ring-teal-700" aria-hidden="true" />
          {summed ? `Sum of the last ${PERIOD_DAYS[tracker.targetPeriod]} days` : 'Daily value'}
        </span>
        {summed ? (
          <span>
            <span className="mr-1 inline-block h-2 w-3 rounded-sm bg-slate-300" aria-hidden="true" />
            That day alone
          </span>
        ) : null}
        <span className="text-emerald-800">Dashed green: target {fmt(tracker.target)}</span>
        <span className="text-red-800">
          Dotted red: alert when {tracker.alertWhen} {fmt(tracker.threshold)}
        </span>
      </figcaption>
      <table className="sr-only">
        <caption>
          {tracker.name}: {points.length} days from {formatDate(points[0]?.date)} to {formatDate(points.at(-1)?.date)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">That day</th>
            {summed ? <th scope="col">{trackedLabel}</th> : null}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{formatDate(p.date)}</th>
              <td>{fmt(p.value)}</td>
              {summed ? <td>{fmt(p.tracked)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
