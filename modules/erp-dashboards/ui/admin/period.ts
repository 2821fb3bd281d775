/** The dashboards' period picker: this year, the last 12 months, the last quarter, or any dates. Browser-safe. */
import { addDays, addMonths, monthStart, quarterStart, todayInDubai, yearStart, isIsoDate } from '@modules/platform/dates';
import { MAX_YEAR, MIN_YEAR, exceedsMaxPeriod } from '../../contract';

export type PeriodKey = 'this-year' | 'last-12-months' | 'last-quarter' | 'custom';
export type Range = { from: string; to: string };

export const PERIODS: { key: PeriodKey; label: string }[] = [
  { key: 'last-12-months', label: 'Last 12 months' },
  { key: 'this-year', label: 'This year' },
  { key: 'last-quarter', label: 'Last quarter' },
  { key: 'custom', label: 'Custom dates' },
];

export function periodRange(key: Exclude<PeriodKey, 'custom'>, today = todayInDubai()): Range {
  if (key === 'this-year') return { from: yearStart(today), to: today };
  if (key === 'last-quarter') {
    const from = addMonths(quarterStart(today), -3);
    return { from, to: addDays(quarterStart(today), -1) };
  }
  return { from: addMonths(monthStart(today), -11), to: today };
}

/** Why a custom range can't be asked for, or null when it can (the server checks again). */
export function rangeProblem(r: Range): string | null {
  if (!isIsoDate(r.from) || !isIsoDate(r.to)) return 'Enter both dates.';
  if (r.from > r.to) return 'The start must be on or before the end.';
  const year = (d: string) => Number(d.slice(0, 4));
  if ([r.from, r.to].some((d) => year(d) < MIN_YEAR || year(d) > MAX_YEAR)) return `Choose dates between ${MIN_YEAR} and ${MAX_YEAR}.`;
  if (exceedsMaxPeriod(r.from, r.to)) return 'A period can be at most five years.';
  return null;
}

export const dashboardUrl = (key: string, r: Range) => `/api/admin/erp-dashboards/${key}?from=${r.from}&to=${r.to}`;
