/**
 * Dashboards contract, browser-safe: widget and dashboard inputs (zod), periods, JSON shapes and messages.
 * Amounts in JSON are strings of integers on the metric's unit scale (fils for money).
 */
import { z } from 'zod';
import { listQuery } from '../platform/list';
import { addMonths, isIsoDate, monthEnd, monthStart, priorPeriod, quarterStart, todayInDubai, yearStart } from '../platform/dates';
import { BUCKETS, analyticsMessages, seriesQueryShape, type MetricDef, type SeriesJson } from './contract';

export const CHART_TYPES = ['number', 'line', 'bar', 'area', 'table', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const chartLabels: Record<ChartType, string> = { number: 'Number', line: 'Line', bar: 'Bars', area: 'Area', table: 'Table', pie: 'Pie (by dimension)' };

export const PERIOD_PRESETS = ['this_month', 'last_month', 'this_quarter', 'last_12_months', 'year_to_date', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const periodLabels: Record<PeriodPreset, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  this_quarter: 'This quarter',
  last_12_months: 'Last 12 months',
  year_to_date: 'Year to date',
  custom: 'Custom dates',
};

export const COMPARISONS = ['none', 'previous_period', 'previous_year'] as const;
export type Comparison = (typeof COMPARISONS)[number];
export const comparisonLabels: Record<Comparison, string> = { none: 'No comparison', previous_period: 'Previous period', previous_year: 'Same period last year' };

export const BREAKDOWNS = ['costCenter', 'property'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];
export const breakdownLabels: Record<Breakdown, string> = { costCenter: 'Cost center', property: 'Property' };

export const GRID_COLUMNS = 12;
export const MAX_WIDGETS = 24;
export const MAX_ROW = 500;
export const MAX_HEIGHT = 12;

export const dashboardMessages = {
  name: 'Give the dashboard a name of 1 to 80 characters.',
  description: 'Keep the description under 500 characters.',
  title: 'Keep a widget title under 80 characters.',
  widgetId: 'A widget id is 1 to 40 letters, digits, hyphens or underscores.',
  tooManyWidgets: `A dashboard holds at most ${MAX_WIDGETS} widgets.`,
  duplicateWidget: 'Two widgets have the same id.',
  layout: `A widget sits inside the ${GRID_COLUMNS}-column grid: x from 0, width 1–${GRID_COLUMNS}, height 1–${MAX_HEIGHT}.`,
  customPeriod: 'A custom period needs a start and an end date (YYYY-MM-DD), the start first.',
  pieNeedsBreakdown: 'A pie chart shows a breakdown: choose cost center or property.',
  metricUnknown: (key: string) => `There is no metric "${key}" in the catalogue.`,
  breakdownUnsupported: (label: string) => `"${label}" cannot be broken down that way.`,
  filterUnsupported: (label: string) => `"${label}" cannot be filtered that way.`,
  notFound: 'We could not find that dashboard.',
  ownerOnly: 'Only the dashboard’s owner can change, share or delete it.',
  layoutUnknownWidget: 'The layout names a widget that is not on the dashboard.',
  filter: 'Filters are a code, reference or id of at most 64 characters.',
} as const;

const isoDate = z.string().refine((s) => isIsoDate(s), { message: dashboardMessages.customPeriod });
const ref = z.string().trim().min(1, dashboardMessages.filter).max(64, dashboardMessages.filter).regex(/^[A-Za-z0-9._-]+$/, dashboardMessages.filter);
const int = (min: number, max: number) => z.number({ error: dashboardMessages.layout }).int(dashboardMessages.layout).min(min, dashboardMessages.layout).max(max, dashboardMessages.layout);

export const layoutInput = z
  .object({ x: int(0, GRID_COLUMNS - 1), y: int(0, MAX_ROW), w: int(1, GRID_COLUMNS), h: int(1, MAX_HEIGHT) })
  .strict()
  .refine((l) => l.x + l.w <= GRID_COLUMNS, { message: dashboardMessages.layout });
export type WidgetLayout = z.output<typeof layoutInput>;

export const periodInput = z
  .object({ preset: z.enum(PERIOD_PRESETS), from: isoDate.optional(), to: isoDate.optional() })
  .strict()
  .refine((p) => p.preset !== 'custom' || (p.from !== undefined && p.to !== undefined && p.from <= p.to), { message: dashboardMessages.customPeriod });
export type WidgetPeriod = z.output<typeof periodInput>;

export const widgetInput = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, dashboardMessages.widgetId),
    title: z.string().trim().max(80, dashboardMessages.title).refine((s) => !s.includes('\u0000'), dashboardMessages.title).default(''),
    metric: z.string().trim().min(1).max(120).regex(/^[a-z0-9._-]+$/i, 'Choose a metric from the catalogue.'),
    chart: z.enum(CHART_TYPES),
    period: periodInput,
    bucket: z.enum(BUCKETS),
    comparison: z.enum(COMPARISONS).default('none'),
    filters: z.object({ costCenterId: ref.optional(), propertyId: ref.optional() }).strict().default({}),
    breakdown: z.enum(BREAKDOWNS).nullable().optional(),
    layout: layoutInput,
  })
  .strict()
  .refine((w) => w.chart !== 'pie' || !!w.breakdown, { message: dashboardMessages.pieNeedsBreakdown, path: ['breakdown'] });
export type Widget = z.output<typeof widgetInput>;

const widgetsInput = z
  .array(widgetInput)
  .max(MAX_WIDGETS, dashboardMessages.tooManyWidgets)
  .refine((ws) => new Set(ws.map((w) => w.id)).size === ws.length, dashboardMessages.duplicateWidget);
const nameInput = z.string().trim().min(1, dashboardMessages.name).max(80, dashboardMessages.name).refine((s) => !s.includes('\u0000'), dashboardMessages.name);
const descriptionInput = z.string().trim().max(500, dashboardMessages.description).refine((s) => !s.includes('\u0000'), dashboardMessages.description);

export const createDashboardInput = z
  .object({ name: nameInput, description: descriptionInput.default(''), sharedWithAll: z.boolean().default(false), widgets: widgetsInput.default([]) })
  .strict();
export const updateDashboardInput = z
  .object({ name: nameInput.optional(), description: descriptionInput.optional(), sharedWithAll: z.boolean().optional(), widgets: widgetsInput.optional() })
  .strict();
export const layoutSaveInput = z
  .object({ layout: z.array(z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, dashboardMessages.widgetId) }).extend(layoutInput.shape).strict()).max(MAX_WIDGETS, dashboardMessages.tooManyWidgets) })
  .strict();
export type CreateDashboardInput = z.output<typeof createDashboardInput>;
export type UpdateDashboardInput = z.output<typeof updateDashboardInput>;

export const DASHBOARD_SORTS = ['name', 'updatedAt', 'createdAt', 'widgetCount'] as const;
export const dashboardsListQuery = listQuery({ sort: DASHBOARD_SORTS, defaultSort: '-updatedAt', filters: { shared: z.enum(['true', 'false']).optional() } });
export type DashboardsListQuery = z.output<typeof dashboardsListQuery>;

export type DashboardRowJson = { id: string; name: string; description: string; ownerName: string; widgetCount: number; shared: boolean; mine: boolean; updatedAt: string; createdAt: string };
export type DashboardJson = DashboardRowJson & { ownerId: string; canEdit: boolean; widgets: Widget[] };

/** GET /api/admin/analytics/series: the series, the comparison's series (same bucket count) and the breakdown. */
export type SeriesResponseJson = {
  series: SeriesJson;
  comparison: SeriesJson | null;
  breakdown: { key: string; label: string; total: string }[] | null;
};

export const seriesRouteQuery = seriesQueryShape
  .extend({ comparison: z.enum(COMPARISONS).default('none'), breakdown: z.enum(BREAKDOWNS).optional() })
  .strict()
  .refine((q) => q.from <= q.to, { message: analyticsMessages.dateRange, path: ['to'] });
export type SeriesRouteQuery = z.output<typeof seriesRouteQuery>;

export const metricsQuery = z.object({ q: z.string().trim().max(200).optional(), keys: z.array(z.string().max(120)).max(100).optional() }).strict();
export type MetricsGroupJson = { group: string; metrics: MetricDef[] };

/** The dates a widget's period stands for, on `today` (Dubai). */
export function resolvePeriod(p: WidgetPeriod, today: string = todayInDubai()): { from: string; to: string } {
  switch (p.preset) {
    case 'this_month':
      return { from: monthStart(today), to: today };
    case 'last_month': {
      const start = addMonths(monthStart(today), -1);
      return { from: start, to: monthEnd(start) };
    }
    case 'this_quarter':
      return { from: quarterStart(today), to: today };
    case 'last_12_months':
      return { from: addMonths(monthStart(today), -11), to: today };
    case 'year_to_date':
      return { from: yearStart(today), to: today };
    case 'custom':
      return { from: p.from ?? today, to: p.to ?? today };
  }
}

/** The range a comparison looks at: the period just before, or the same dates a year earlier. */
export function comparisonRange(c: Comparison, r: { from: string; to: string }): { from: string; to: string } | null {
  if (c === 'none') return null;
  if (c === 'previous_period') return priorPeriod(r.from, r.to);
  const to = addMonths(r.to, -12);
  return { from: addMonths(r.from, -12), to: r.to === monthEnd(r.to) ? monthEnd(to) : to };
}
