/** Endpoints, value formatting and widget defaults shared by the dashboard builder's pieces (browser-safe). */
import type { QueryClient } from '@tanstack/react-query';
import { formatAed, moneyShort } from '@modules/platform/money';
import { formatRange } from '@modules/platform/dates';
import type { MetricDef, MetricUnit } from '../../contract';
import { comparisonLabels, periodLabels, resolvePeriod, type Widget } from '../../dashboard-contract';

export const DASHBOARDS = '/api/admin/analytics/dashboards';
export const METRICS = '/api/admin/analytics/metrics';
export const SERIES = '/api/admin/analytics/series';
export const COST_CENTERS = '/api/admin/ledger/cost-centers?limit=200&sort=code';
export const PROPERTIES = '/api/admin/properties?limit=200';

export const refreshDashboards = (client: QueryClient) => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith(DASHBOARDS) });

const group3 = (s: string) => s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** An integer on the unit's scale (a string from the API) as people read it: AED 1,250.00, 1,204, 4.35%, 2.5 days. */
export function formatValue(value: string | bigint, unit: MetricUnit, opts: { short?: boolean } = {}): string {
  const v = BigInt(value);
  if (unit === 'money') return opts.short ? (v < 0n ? `-${moneyShort(-v)}` : moneyShort(v)) : formatAed(v);
  if (unit === 'count') return `${v < 0n ? '-' : ''}${group3((v < 0n ? -v : v).toString())}`;
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const text = `${neg ? '-' : ''}${group3((abs / 100n).toString())}.${(abs % 100n).toString().padStart(2, '0')}`;
  return unit === 'percent' ? `${text}%` : `${text} days`;
}

/** A value as a plain number for drawing only (chart coordinates); labels always come from formatValue. */
export const plotNumber = (value: string, unit: MetricUnit) => Number(value) / (unit === 'count' ? 1 : 100);

export function seriesUrl(w: Widget, today?: string): string {
  const { from, to } = resolvePeriod(w.period, today);
  const p = new URLSearchParams({ metric: w.metric, from, to, bucket: w.bucket, comparison: w.comparison });
  if (w.filters.costCenterId) p.set('costCenterId', w.filters.costCenterId);
  if (w.filters.propertyId) p.set('propertyId', w.filters.propertyId);
  if (w.breakdown) p.set('breakdown', w.breakdown);
  return `${SERIES}?${p.toString()}`;
}

/** "Last 12 months · vs same period last year" under a widget's title. */
export function widgetSubtitle(w: Widget, today?: string): string {
  const { from, to } = resolvePeriod(w.period, today);
  const period = w.period.preset === 'custom' ? formatRange(from, to) : periodLabels[w.period.preset];
  return w.comparison === 'none' ? period : `${period} · vs ${comparisonLabels[w.comparison].toLowerCase()}`;
}

export const widgetTitle = (w: Widget, metric?: MetricDef) => w.title || metric?.label || w.metric;

/** Where a new widget goes: below everything already on the grid. */
export function nextY(widgets: Widget[]): number {
  return widgets.reduce((m, w) => Math.max(m, w.layout.y + w.layout.h), 0);
}

export function newWidgetId(widgets: Widget[]): string {
  for (let i = widgets.length + 1; ; i++) if (!widgets.some((w) => w.id === `w${i}`)) return `w${i}`;
}

export const blankWidget = (widgets: Widget[]): Widget => ({
  id: newWidgetId(widgets),
  title: '',
  metric: '',
  chart: 'line',
  period: { preset: 'last_12_months' },
  bucket: 'month',
  comparison: 'none',
  filters: {},
  breakdown: null,
  layout: { x: 0, y: nextY(widgets), w: 6, h: 4 },
});
