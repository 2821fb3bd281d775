/** What the data tracker screens share: API addresses (a query key is its URL), refreshing after a change, chart numbers. */
import type { QueryClient } from '@tanstack/react-query';
import type { MetricUnit } from '../../contract';

export const TRACKERS = '/api/admin/trackers';
export const METRICS = `${TRACKERS}/metrics`;
export const COST_CENTER_OPTIONS = '/api/admin/ledger/cost-centers/options';
export const PROPERTY_OPTIONS = '/api/admin/properties?limit=200&sort=title';
export const enc = encodeURIComponent;

/** After any tracker change: every tracker list, tracker and history. */
export const refreshTrackers = (client: QueryClient) => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith(TRACKERS) });

/** A stored value as a number in the unit a person reads (dirhams, count, percent, days): for drawing only. */
export function chartNumber(unit: MetricUnit, value: string | bigint): number {
  const v = Number(BigInt(value));
  return unit === 'count' ? v : v / 100;
}

export const PERIOD_CHOICES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '365 days' },
] as const;
