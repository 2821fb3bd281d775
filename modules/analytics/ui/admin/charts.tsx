/**
 * A widget's figure: a number, a line, bar or area chart over time (with the comparison period dashed), a
 * table, or a pie/bars of the breakdown. Every chart also carries a visually hidden table of its data and a
 * one-sentence description, so a screen reader gets the same figures.
 */
import { useId } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, monthYear, quarterOf } from '@modules/platform/dates';
import type { Bucket, MetricDef } from '../../contract';
import type { SeriesResponseJson, Widget } from '../../dashboard-contract';
import { formatValue, plotNumber } from './shared';

const COLOURS = ['#1f4e79', '#c9a227', '#2f855a', '#c05621', '#6b46c1', '#2b6cb0', '#b83280', '#718096', '#38a169', '#dd6b20', '#3182ce', '#805ad5'];

export function pointLabel(start: string, bucket: Bucket): string {
  if (bucket === 'month') return monthYear(start);
  if (bucket === 'quarter') return `Q${quarterOf(start)} ${start.slice(0, 4)}`;
  if (bucket === 'week') return `Week of ${formatDate(start)}`;
  return formatDate(start);
}

type Row = { label: string; value: number; valueText: string; comparison?: number; comparisonText?: string };

function rowsOf(data: SeriesResponseJson, w: Widget, metric: MetricDef): Row[] {
  return data.series.points.map((p, i) => {
    const c = data.comparison?.points[i];
    return {
      label: pointLabel(p.start, w.bucket),
      value: plotNumber(p.value, metric.unit),
      valueText: formatValue(p.value, metric.unit),
      ...(c ? { comparison: plotNumber(c.value, metric.unit), comparisonText: formatValue(c.value, metric.unit) } : {}),
    };
  });
}

/** The change from the comparison total, in percent with two decimals, or null when there is nothing to compare. */
export function changeText(current: string, previous: string | undefined): string | null {
  if (previous === undefined) return null;
  const a = BigInt(current);
  const b = BigInt(previous);
  if (b === 0n) return a === 0n ? 'No change' : null;
  const bps = ((a - b) * 10_000n) / (b < 0n ? -b : b);
  return `${bps >= 0n ? '+' : ''}${formatValue(bps, 'percent')}`;
}

function HiddenTable({ caption, rows, comparison }: { caption: string; rows: { label: string; valueText: string; comparisonText?: string }[]; comparison: boolean }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Period</th>
          <th scope="col">Value</th>
          {comparison ? <th scope="col">Comparison</th> : null}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row">{r.label}</th>
            <td>{r.valueText}</td>
            {comparison ? <td>{r.comparisonText ?? '—'}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function WidgetFigure({ widget: w, metric, data, title }: { widget: Widget; metric: MetricDef; data: SeriesResponseJson; title: string }) {
  const descId = useId();
  const total = formatValue(data.series.total, metric.unit);
  const compared = data.comparison ? formatValue(data.comparison.total, metric.unit) : null;
  const change = changeText(data.series.total, data.comparison?.total);
  const totalWord = metric.aggregation === 'stock' ? 'at the end' : metric.unit === 'days' || metric.unit === 'percent' ? 'over the period' : 'in total';
  const description = `${title}: ${total} ${totalWord}${compared ? `, against ${compared} in the comparison period${change ? ` (${change})` : ''}` : ''}.`;

  if (w.chart === 'number') {
    return (
      <div className="flex h-full flex-col justify-center" aria-describedby={descId}>
        <p className="text-2xl font-semibold tabular-nums text-ink">{total}</p>
        {compared ? (
          <p className="mt-1 text-sm text-slate-600">
            {change ? <span className={change.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}>{change}</span> : null} against {compared}
          </p>
        ) : null}
        <p id={descId} className="sr-only">{description}</p>
      </div>
    );
  }

  if (w.chart === 'pie' || (w.breakdown && w.chart === 'bar')) {
    const slices = (data.breakdown ?? []).map((s) => ({ name: s.label, value: Math.abs(plotNumber(s.total, metric.unit)), text: formatValue(s.total, metric.unit) }));
    if (!slices.length) return <p className="text-sm text-slate-500">Nothing to break down in this period.</p>;
    return (
      <figure className="h-full min-h-40" aria-describedby={descId}>
        <ResponsiveContainer width="100%" height="100%">
          {w.chart === 'pie' ? (
            <PieChart>
              <Pie data={slices} dataKey="value" nameKey="name" outerRadius="80%" isAnimationActive={false}>
                {slices.map((s, i) => <Cell key={s.name} fill={COLOURS[i % COLOURS.length]} />)}
              </Pie>
              <Tooltip formatter={(_v, _n, item) => (item.payload as { text: string }).text} />
              <Legend />
            </PieChart>
          ) : (
            <BarChart data={slices} layout="vertical" margin={{ left: 8, right: 8 }}>
              <XAxis type="number" hide />
              <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 11 }} />
              <Tooltip formatter={(_v, _n, item) => (item.payload as { text: string }).text} />
              <Bar dataKey="value" fill={COLOURS[0]} isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
        <p id={descId} className="sr-only">{description}</p>
        <HiddenTable caption={`${title} by ${w.breakdown === 'property' ? 'property' : 'cost center'}`} rows={slices.map((s) => ({ label: s.name, valueText: s.text }))} comparison={false} />
      </figure>
    );
  }

  const rows = rowsOf(data, w, metric);
  const hasComparison = !!data.comparison;
  if (w.chart === 'table') {
    return (
      <div className="h-full overflow-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{description}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="py-1 pr-2 font-medium">Period</th>
              <th scope="col" className="py-1 pr-2 text-right font-medium">Value</th>
              {hasComparison ? <th scope="col" className="py-1 text-right font-medium">Comparison</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-700">{r.label}</th>
                <td className="py-1 pr-2 text-right tabular-nums">{r.valueText}</td>
                {hasComparison ? <td className="py-1 text-right tabular-nums text-slate-500">{r.comparisonText ?? '—'}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const axis = { tick: { fontSize: 11 }, tickLine: false };
  const yAxis = <YAxis {...axis} width={metric.unit === 'money' ? 92 : 56} tickFormatter={(v: number) => (metric.unit === 'money' ? formatValue(BigInt(Math.round(v * 100)), 'money', { short: true }) : String(v))} />;
  const tooltip = <Tooltip formatter={(_v, name, item) => { const p = item.payload as Row; return name === 'Comparison' ? (p.comparisonText ?? '') : p.valueText; }} />;
  const common = { data: rows, margin: { top: 8, right: 8, bottom: 0, left: 0 } };
  return (
    <figure className="h-full min-h-40" aria-describedby={descId}>
      <ResponsiveContainer width="100%" height="100%">
        {w.chart === 'bar' ? (
          <BarChart {...common}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" {...axis} />
            {yAxis}
            {tooltip}
            <Bar dataKey="value" name="Value" fill={COLOURS[0]} isAnimationActive={false} />
            {hasComparison ? <Bar dataKey="comparison" name="Comparison" fill="#cbd5e0" isAnimationActive={false} /> : null}
          </BarChart>
        ) : w.chart === 'area' ? (
          <AreaChart {...common}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" {...axis} />
            {yAxis}
            {tooltip}
            <Area dataKey="value" name="Value" stroke={COLOURS[0]} fill={COLOURS[0]} fillOpacity={0.2} isAnimationActive={false} />
            {hasComparison ? <Area dataKey="comparison" name="Comparison" stroke="#a0aec0" strokeDasharray="4 3" fill="none" isAnimationActive={false} /> : null}
          </AreaChart>
        ) : (
          <LineChart {...common}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" {...axis} />
            {yAxis}
            {tooltip}
            <Line dataKey="value" name="Value" stroke={COLOURS[0]} strokeWidth={2} dot={false} isAnimationActive={false} />
            {hasComparison ? <Line dataKey="comparison" name="Comparison" stroke="#a0aec0" strokeDasharray="4 3" dot={false} isAnimationActive={false} /> : null}
          </LineChart>
        )}
      </ResponsiveContainer>
      <p id={descId} className="sr-only">{description}</p>
      <HiddenTable caption={title} rows={rows} comparison={hasComparison} />
    </figure>
  );
}
