/**
 * Analytics contract, browser-safe: the metric catalogue's shapes, the series query and its messages.
 * Values are integers on the metric's unit scale (see MetricUnit); in JSON they travel as strings.
 */
import { z } from 'zod';
import { isIsoDate } from '../platform/dates';

export type MetricUnit = 'money' | 'count' | 'percent' | 'days';
// value scale by unit: money = fils (bigint), count = 1, percent = basis points (1% = 100), days = hundredths of a day
export type MetricAggregation = 'flow' | 'stock'; // flow = sum over the bucket, stock = value at the bucket's end
export type MetricDimension = 'costCenter' | 'property';

export interface MetricDef {
  key: string;
  label: string;
  group: string;
  description: string;
  unit: MetricUnit;
  aggregation: MetricAggregation;
  dimensions: MetricDimension[];
  ledgerAccount?: string /* code, for drill-down */;
}

export type Bucket = 'day' | 'week' | 'month' | 'quarter';
export const BUCKETS = ['day', 'week', 'month', 'quarter'] as const satisfies readonly Bucket[];
export const bucketLabels: Record<Bucket, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly', quarter: 'Quarterly' };

export interface SeriesQuery {
  metric: string;
  from: string /* YYYY-MM-DD */;
  to: string;
  bucket: Bucket;
  costCenterId?: string;
  propertyId?: string;
}
export interface SeriesPoint {
  start: string;
  end: string;
  value: bigint;
}
export interface Series {
  metric: MetricDef;
  points: SeriesPoint[];
  total: bigint /* flow: sum; stock: last */;
}

export const unitLabels: Record<MetricUnit, string> = { money: 'AED', count: 'Count', percent: 'Percent', days: 'Days' };
/** How many integer steps make one displayed unit: fils per dirham, basis points per percent, hundredths per day. */
export const unitScale: Record<MetricUnit, bigint> = { money: 100n, count: 1n, percent: 100n, days: 100n };

/** The most points one series may have (about 2¾ years of days). */
export const MAX_POINTS = 1000;

export const analyticsMessages = {
  metricRequired: 'Choose a metric.',
  metricNotFound: (key: string) => `There is no metric "${key}" in the catalogue.`,
  dateFormat: 'Enter dates as YYYY-MM-DD.',
  dateRange: 'The start date must be on or before the end date.',
  tooManyPoints: (n: number) => `That range has more than ${n} points at this bucket size: choose a larger bucket or a shorter range.`,
  bucket: 'Choose a bucket: day, week, month or quarter.',
  dimensionUnsupported: (label: string, dimension: string) => `"${label}" cannot be filtered by ${dimension === 'costCenter' ? 'cost center' : 'property'}.`,
  costCenterNotFound: (ref: string) => `There is no cost center "${ref}".`,
  propertyNotFound: (ref: string) => `There is no property "${ref}".`,
  filterFormat: 'Filters are a code, reference or id of at most 64 characters.',
} as const;

const isoDate = z
  .string()
  .trim()
  .refine((s) => isIsoDate(s), { message: analyticsMessages.dateFormat });
const ref = z
  .string()
  .trim()
  .min(1)
  .max(64, { message: analyticsMessages.filterFormat })
  .regex(/^[A-Za-z0-9._-]+$/, { message: analyticsMessages.filterFormat });

/** GET /api/admin/analytics/series query (and a widget's series request). */
export const seriesQueryShape = z.object({
    metric: z.string().trim().min(1, { message: analyticsMessages.metricRequired }).max(120).regex(/^[a-z0-9._-]+$/i, { message: analyticsMessages.metricRequired }),
    from: isoDate,
    to: isoDate,
    bucket: z.enum(BUCKETS, { message: analyticsMessages.bucket }),
    costCenterId: ref.optional(),
    propertyId: ref.optional(),
  });
export const seriesQueryInput = seriesQueryShape.refine((q) => q.from <= q.to, { message: analyticsMessages.dateRange, path: ['to'] });

/** A series as JSON: values as strings of integers on the unit's scale. */
export type SeriesJson = {
  metric: MetricDef;
  points: { start: string; end: string; value: string }[];
  total: string;
};

export const seriesToJson = (s: Series): SeriesJson => ({
  metric: s.metric,
  points: s.points.map((p) => ({ start: p.start, end: p.end, value: p.value.toString() })),
  total: s.total.toString(),
});
