import { describe, expect, it } from 'vitest';
import { nextRunDates } from './recurring-contract';

describe('nextRunDates', () => {
  const t = { dayOfMonth: 31, startDate: '2026-01-01', endDate: null, active: true };
  it('takes the day of month, or the last day of a shorter month, from today on', () => {
    expect(nextRunDates(t, '2026-01-31')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(nextRunDates({ ...t, dayOfMonth: 15 }, '2026-01-16')).toEqual(['2026-02-15', '2026-03-15', '2026-04-15']);
    expect(nextRunDates({ ...t, dayOfMonth: 29 }, '2028-02-01', 2)).toEqual(['2028-02-29', '2028-03-29']);
  });
  it('starts no earlier than the start date and stops at the end date', () => {
    expect(nextRunDates({ ...t, dayOfMonth: 5, startDate: '2026-06-10' }, '2026-01-01')).toEqual(['2026-07-05', '2026-08-05', '2026-09-05']);
    expect(nextRunDates({ ...t, dayOfMonth: 5, endDate: '2026-02-20' }, '2026-01-01')).toEqual(['2026-01-05', '2026-02-05']);
    expect(nextRunDates({ ...t, endDate: '2025-12-31' }, '2026-01-01')).toEqual([]);
  });
  it('has nothing to run while paused', () => {
    expect(nextRunDates({ ...t, active: false }, '2026-01-01')).toEqual([]);
  });
});
