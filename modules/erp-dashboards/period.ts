/** The period of a dashboard: defaults, checks (4xx), and its months. */
import { badRequest } from '@api/errors';
import { addMonths, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import { erpDashboardMessages as msg, exceedsMaxPeriod, type PeriodQuery } from './contract';

export type Resolved = { from: string; to: string; months: string[] };

/** Default: the last 12 months by month, the current one up to today (Dubai). `from` > `to` and ranges over five years are 400s. */
export function resolvePeriod(q: PeriodQuery, today: string = todayInDubai()): Resolved {
  const to = q.to ?? today;
  const from = q.from ?? addMonths(monthStart(to), -11);
  if (from > to) throw badRequest(msg.rangeReversed, 'invalid_range');
  if (exceedsMaxPeriod(from, to)) throw badRequest(msg.rangeTooLong, 'period_too_long');
  return { from, to, months: monthsOf(from, to) };
}

/** The months ('YYYY-MM') a period touches, oldest first. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) out.push(m.slice(0, 7));
  return out;
}

/** The part of month 'YYYY-MM' inside [from, to]. */
export function monthWithin(month: string, from: string, to: string): { from: string; to: string } {
  const start = `${month}-01`;
  const end = monthEnd(start);
  return { from: start < from ? from : start, to: end > to ? to : end };
}
