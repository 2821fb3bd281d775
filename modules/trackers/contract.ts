/**
 * Data trackers contract, browser-safe: the input schemas, their messages (each once), the JSON shapes and the
 * one place a metric value is read from and written for a person in its unit. Values travel as strings of
 * integers in the metric's scale: money in fils, counts as they are, percent in basis points, days in hundredths.
 */
import { z } from 'zod';
import { formatAed, groupThousands } from '../platform/money';
import { listQuery } from '../platform/list';

export const TRACKER_DIRECTIONS = ['higher_is_better', 'lower_is_better'] as const;
export type TrackerDirection = (typeof TRACKER_DIRECTIONS)[number];
export const directionLabels: Record<TrackerDirection, string> = { higher_is_better: 'Higher is better', lower_is_better: 'Lower is better' };

export const TARGET_PERIODS = ['day', 'week', 'month'] as const;
export type TargetPeriod = (typeof TARGET_PERIODS)[number];
export const periodLabels: Record<TargetPeriod, string> = { day: 'per day', week: 'per week', month: 'per month' };
/** The trailing window (days) an additive metric is summed over to compare with a target of that period. */
export const PERIOD_DAYS: Record<TargetPeriod, number> = { day: 1, week: 7, month: 30 };

export const ALERT_WHEN = ['below', 'above'] as const;
export type AlertWhen = (typeof ALERT_WHEN)[number];

export const TRACKER_STATUSES = ['active', 'paused'] as const;
export type TrackerStatus = (typeof TRACKER_STATUSES)[number];
export const ALERT_STATES = ['ok', 'alerting'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export type MetricUnit = 'money' | 'count' | 'percent' | 'days';
export type MetricAggregation = 'flow' | 'stock';
export type MetricDimension = 'costCenter' | 'property';

/** How far back a new tracker is filled, in days (today's last complete day included). */
export const BACKFILL_DAYS = 400;
/** The largest value a target or threshold may have (in the metric's scale): 10^15. */
export const MAX_METRIC_VALUE = 1_000_000_000_000_000n;

export const trackerErrorCodes = {
  notFound: 'tracker_not_found',
  metricUnknown: 'tracker_metric_unknown',
  dimension: 'tracker_dimension_invalid',
  duplicateName: 'tracker_duplicate_name',
} as const;

export const trackerMessages = {
  name: 'Give the tracker a name of 2 to 120 characters.',
  metric: 'Choose a metric from the catalogue.',
  metricUnknown: (key: string) => `There is no metric "${key}" in the catalogue.`,
  id: 'That is not a valid id.',
  direction: 'The direction must be "higher_is_better" or "lower_is_better".',
  period: 'The target period must be day, week or month.',
  alertWhen: 'Alert when the value is "below" or "above" the threshold.',
  value: 'Enter a whole number in the metric’s scale (fils, count, basis points or hundredths of a day), at most 15 digits.',
  status: 'The status must be "active" or "paused".',
  alertState: 'The alert state must be "ok" or "alerting".',
  date: 'Enter a date as YYYY-MM-DD between 2000 and 2100.',
  range: 'Choose a range of at most 400 days, with "from" on or before "to".',
  change: 'Change at least one field.',
  notFound: 'We could not find that tracker.',
  duplicateName: (name: string) => `Another tracker is already called “${name}”.`,
  dimensionUnsupported: (label: string, dimension: string) => `${label} cannot be split by ${dimension === 'costCenter' ? 'cost center' : 'property'}.`,
  costCenterUnknown: 'We could not find that cost center.',
  propertyUnknown: 'We could not find that property.',
} as const;

const msg = trackerMessages;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
export const idParam = z.object({ id: z.string({ error: msg.id }).max(64, msg.id) });
const uuidInput = z.string({ error: msg.id }).trim().regex(UUID, msg.id);

/** A whole number in the metric's scale, as a JSON integer or a string of digits (a leading minus allowed). */
export const metricValueInput = z.union([z.number(), z.string()], { error: msg.value }).transform((v, ctx) => {
  const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
  if (!/^-?\d{1,16}$/.test(s) || (BigInt(s) < 0n ? -BigInt(s) : BigInt(s)) > MAX_METRIC_VALUE) {
    ctx.addIssue({ code: 'custom', message: msg.value });
    return z.NEVER;
  }
  return BigInt(s);
});

export const dateInput = z
  .string({ error: msg.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg.date)
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2100-12-31';
  }, msg.date);

const fields = {
  name: z.string({ error: msg.name }).trim().min(2, msg.name).max(120, msg.name),
  metric: z.string({ error: msg.metric }).trim().min(1, msg.metric).max(120, msg.metric).regex(/^[a-z0-9_.-]+$/i, msg.metric),
  costCenterId: uuidInput.nullable(),
  propertyId: uuidInput.nullable(),
  direction: z.enum(TRACKER_DIRECTIONS, { error: msg.direction }),
  target: metricValueInput,
  targetPeriod: z.enum(TARGET_PERIODS, { error: msg.period }),
  threshold: metricValueInput,
  alertWhen: z.enum(ALERT_WHEN, { error: msg.alertWhen }),
};

export const createTrackerInput = z.object({
  ...fields,
  costCenterId: fields.costCenterId.optional(),
  propertyId: fields.propertyId.optional(),
  direction: fields.direction.default('higher_is_better'),
  targetPeriod: fields.targetPeriod.default('day'),
});
export type CreateTrackerInput = z.output<typeof createTrackerInput>;

/** A change to a tracker: only the fields given. A new metric or filter recomputes its history. */
export const updateTrackerInput = z
  .object(fields)
  .partial()
  .refine((v) => Object.keys(v).length > 0, msg.change);
export type UpdateTrackerInput = z.output<typeof updateTrackerInput>;

export const pointsQuery = z
  .object({ from: dateInput.optional(), to: dateInput.optional() })
  .refine((v) => !v.from || !v.to || (v.from <= v.to && (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < 400), msg.range);

export const recomputeInput = z
  .object({
    /** One tracker, or every active tracker when left out. */
    trackerId: uuidInput.optional(),
    /** true: re-read the whole back-fill window, not only from the last computed day. */
    full: z.boolean({ error: 'full is true or false.' }).optional(),
  })
  .optional()
  .default({});

export const trackersListQuery = listQuery({
  sort: ['name', 'createdAt', 'lastComputedOn', 'metric'],
  defaultSort: 'name',
  filters: {
    status: z.enum(TRACKER_STATUSES, { error: msg.status }).optional(),
    alertState: z.enum(ALERT_STATES, { error: msg.alertState }).optional(),
  },
});

// ── JSON shapes ──────────────────────────────────────────────────────────────────────────────────

export type MetricJson = {
  key: string;
  label: string;
  group: string;
  description: string;
  unit: MetricUnit;
  aggregation: MetricAggregation;
  dimensions: MetricDimension[];
};

export type TrackerJson = {
  id: string;
  name: string;
  metric: string;
  metricLabel: string;
  metricGroup: string;
  unit: MetricUnit;
  aggregation: MetricAggregation;
  /** Whether the tracked value sums the daily values over the target period (flows of money or counts). */
  additive: boolean;
  costCenterId: string | null;
  costCenterName: string | null;
  propertyId: string | null;
  propertyName: string | null;
  direction: TrackerDirection;
  target: string;
  targetPeriod: TargetPeriod;
  threshold: string;
  alertWhen: AlertWhen;
  status: TrackerStatus;
  alertState: AlertState;
  ownerId: string | null;
  ownerName: string | null;
  /** The tracked value on the last computed day (summed over the target period when additive). */
  latestValue: string | null;
  latestDate: string | null;
  /** Tracked value ÷ target in basis points (10000 = on target); null without a value or a zero target. */
  vsTargetBps: number | null;
  /** The last 30 tracked values, oldest first, for the sparkline. */
  spark: string[];
  lastComputedOn: string | null;
  lastAlertedOn: string | null;
  createdAt: string;
  updatedAt: string;
};

export type TrackerPointJson = { date: string; value: string; tracked: string };
export type TrackerPointsJson = { tracker: TrackerJson; from: string; to: string; points: TrackerPointJson[] };
export type ComputeResultJson = { asOf: string; trackers: number; points: number; alerts: number; recoveries: number };

// ── Values in their unit ─────────────────────────────────────────────────────────────────────────

export const unitLabels: Record<MetricUnit, string> = { money: 'AED', count: 'count', percent: '%', days: 'days' };
/** What a stored integer counts in each unit: fils, ones, basis points, hundredths of a day. */
const SCALE: Record<MetricUnit, number> = { money: 2, count: 0, percent: 2, days: 2 };

const decimal = (v: bigint, places: number) => {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const div = 10n ** BigInt(places);
  const whole = groupThousands((a / div).toString());
  const frac = places ? (a % div).toString().padStart(places, '0').replace(/0+$/, '') : '';
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
};

/** A value as a person reads it: "AED 1,250.50", "42", "4.5%", "2.75 days". */
export function formatMetricValue(unit: MetricUnit, value: string | bigint | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const v = BigInt(value);
  if (unit === 'money') return formatAed(v);
  if (unit === 'percent') return `${decimal(v, 2)}%`;
  if (unit === 'days') return `${decimal(v, 2)} ${v === 100n ? 'day' : 'days'}`;
  return decimal(v, 0);
}

/** What a person typed ("1,250.50", "4.5", "3") as the stored integer of the unit, or null. */
export function parseMetricValue(unit: MetricUnit, text: string): bigint | null {
  const places = SCALE[unit];
  const m = /^(-?)(\d{1,16})(?:\.(\d+))?$/.exec(text.replace(/[,\s]|AED|%/gi, '').replace(/days?$/i, ''));
  if (!m || (m[3] && m[3].length > places)) return null;
  const v = BigInt(m[2]!) * 10n ** BigInt(places) + BigInt((m[3] ?? '').padEnd(places, '0') || '0');
  if (v > MAX_METRIC_VALUE) return null;
  return m[1] ? -v : v;
}

/** The value as it would be typed back into a form ("1250.5" for AED 1,250.50). */
export function metricValueInputText(unit: MetricUnit, value: string | bigint): string {
  return decimal(BigInt(value), SCALE[unit]).replace(/,/g, '');
}

/** Whether a value breaches the threshold. */
export const breaches = (value: bigint, threshold: bigint, when: AlertWhen) => (when === 'above' ? value > threshold : value < threshold);

/** The target as a person reads it: "AED 250,000.00 per week" for a summed flow, "1 day" for a level or rate. */
export const targetText = (t: { unit: MetricUnit; target: string | bigint; targetPeriod: TargetPeriod; additive: boolean }) =>
  t.additive ? `${formatMetricValue(t.unit, t.target)} ${periodLabels[t.targetPeriod]}` : formatMetricValue(t.unit, t.target);

/** A flow of money or counts adds up over days; levels, rates and durations do not. */
export const isAdditive = (m: { unit: MetricUnit; aggregation: MetricAggregation }) => m.aggregation === 'flow' && (m.unit === 'money' || m.unit === 'count');
