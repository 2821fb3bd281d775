/**
 * Recurring entries on the one list contract (decision 010), their JSON, and the schedule they follow.
 * Browser-safe: the admin panel works out the next run dates with the same rule the server posts by.
 *
 *   GET /api/admin/ledger/recurring-entries?q&status&sort&limit&offset → { items, total };  /recurring-entries/export → text/csv
 */
import { z } from 'zod';
import { addMonths, dayInMonth, monthStart } from '../platform/dates';
import { listQuery } from '../platform/list';

export const RECURRING_STATUSES = ['active', 'paused'] as const;

export const recurringListQuery = listQuery({
  sort: ['name', 'dayOfMonth', 'startDate', 'lastRunAt'],
  defaultSort: 'name',
  filters: { status: z.enum(RECURRING_STATUSES, { error: 'status must be active or paused' }).optional() },
});
export type RecurringListQuery = z.output<typeof recurringListQuery>;

export type RecurringLineJson = { accountCode: string; debit: string; credit: string; currency?: string; rate?: string; costCenter?: string | null; property?: string | null; memo?: string | null };

export type RecurringEntryJson = {
  id: string;
  name: string;
  memo: string;
  dayOfMonth: number;
  startDate: string;
  endDate: string | null;
  active: boolean;
  lines: RecurringLineJson[];
  lastRunAt: string | null;
  createdBy: string | null;
};

export type RecurringRunReport = {
  asOf: string;
  posted: { templateId: string; month: string; entryId: string; number: string }[];
  failed: { templateId: string; month: string; message: string }[];
};

/**
 * The next `count` dates a template posts on, from `today` on: day `dayOfMonth` of each month (the last
 * day in shorter months), not before its start, not after its end. Empty when paused or finished.
 */
export function nextRunDates(t: Pick<RecurringEntryJson, 'dayOfMonth' | 'startDate' | 'endDate' | 'active'>, today: string, count = 3): string[] {
  if (!t.active) return [];
  const from = t.startDate > today ? t.startDate : today;
  const dates: string[] = [];
  for (let m = monthStart(from); dates.length < count; m = addMonths(m, 1)) {
    const date = dayInMonth(m, t.dayOfMonth);
    if (t.endDate && date > t.endDate) break;
    if (date >= from) dates.push(date);
  }
  return dates;
}
