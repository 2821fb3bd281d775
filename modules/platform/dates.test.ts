import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayInMonth,
  daysInMonth,
  dubaiStamp,
  endOfDubaiDay,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatDayInDubai,
  formatRange,
  isIsoDate,
  lastMonths,
  monthEnd,
  monthLabel,
  monthStart,
  priorPeriod,
  quarterEnd,
  quarterOf,
  quarterStart,
  startOfDubaiDay,
  todayInDubai,
  yearEnd,
  yearStart,
} from './dates';

describe('today in Dubai', () => {
  it.each([
    ['2026-03-31T19:59:59Z', '2026-03-31'],
    ['2026-03-31T20:00:00Z', '2026-04-01'], // 20:00Z is already tomorrow in Dubai
    ['2026-03-31T23:59:59Z', '2026-04-01'],
    ['2026-04-01T00:00:00Z', '2026-04-01'],
    ['2026-12-31T20:00:00Z', '2027-01-01'], // new year arrives four hours early
    ['2028-02-28T20:30:00Z', '2028-02-29'], // leap day
  ])('at %s it is %s', (at, day) => {
    expect(todayInDubai(new Date(at))).toBe(day);
  });

  it('gives the instants a Dubai day starts and (exclusively) ends', () => {
    expect(startOfDubaiDay('2026-03-01').toISOString()).toBe('2026-02-28T20:00:00.000Z');
    expect(endOfDubaiDay('2026-03-01').toISOString()).toBe('2026-03-01T20:00:00.000Z');
    expect(endOfDubaiDay('2026-12-31').toISOString()).toBe('2026-12-31T20:00:00.000Z');
    expect(todayInDubai(startOfDubaiDay('2026-03-01'))).toBe('2026-03-01');
    expect(todayInDubai(new Date(endOfDubaiDay('2026-03-01').getTime() - 1))).toBe('2026-03-01');
  });
});

describe('periods', () => {
  it.each([
    ['2026-01-15', '2026-01-31', '2026-01-01', '2026-03-31', 1],
    ['2026-02-10', '2026-02-28', '2026-01-01', '2026-03-31', 1],
    ['2028-02-10', '2028-02-29', '2028-01-01', '2028-03-31', 1], // leap year
    ['2100-02-01', '2100-02-28', '2100-01-01', '2100-03-31', 1], // century, not a leap year
    ['2000-02-01', '2000-02-29', '2000-01-01', '2000-03-31', 1], // 400-year leap year
    ['2026-04-01', '2026-04-30', '2026-04-01', '2026-06-30', 2],
    ['2026-09-30', '2026-09-30', '2026-07-01', '2026-09-30', 3],
    ['2026-12-31', '2026-12-31', '2026-10-01', '2026-12-31', 4],
  ])('%s: month ends %s, quarter %s – %s (Q%s)', (d, mEnd, qStart, qEnd, q) => {
    expect(monthEnd(d)).toBe(mEnd);
    expect(quarterStart(d)).toBe(qStart);
    expect(quarterEnd(d)).toBe(qEnd);
    expect(quarterOf(d)).toBe(q);
    expect(monthStart(d)).toBe(`${d.slice(0, 7)}-01`);
  });

  it('knows year starts and ends from a year or a date', () => {
    expect(yearStart(2026)).toBe('2026-01-01');
    expect(yearEnd('2026')).toBe('2026-12-31');
    expect(yearStart('2026-07-14')).toBe('2026-01-01');
    expect(yearEnd('2028-02-29')).toBe('2028-12-31');
  });

  it.each([
    ['2026-11-01', 3, '2027-02-01'],
    ['2026-03-01', -3, '2025-12-01'],
    ['2026-01-31', 1, '2026-02-28'], // clamped to a shorter month
    ['2028-01-31', 1, '2028-02-29'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-05-15', 0, '2026-05-15'],
  ])('%s + %s months → %s', (d, n, out) => {
    expect(addMonths(d, n)).toBe(out);
  });

  it('adds days and counts month lengths', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect([daysInMonth('2026-02-01'), daysInMonth('2028-02-01'), daysInMonth('2026-04-09')]).toEqual([28, 29, 30]);
    expect(dayInMonth('2026-02-01', 31)).toBe('2026-02-28');
    expect(dayInMonth('2026-04-01', 15)).toBe('2026-04-15');
    expect(lastMonths(3, '2026-02-14')).toEqual(['2025-12-01', '2026-01-01', '2026-02-01']);
  });

  it('compares a range with the period before it', () => {
    expect(priorPeriod('2026-01-01', '2026-03-31')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(priorPeriod('2028-03-01', '2028-03-31')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(priorPeriod('2026-03-10', '2026-03-19')).toEqual({ from: '2026-02-28', to: '2026-03-09' });
  });

  it('checks calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-3-1')).toBe(false);
  });
});

describe('display', () => {
  it('shows calendar dates without shifting a day', () => {
    expect(formatDate('2026-03-14')).toBe('14 Mar 2026');
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate(null)).toBe('');
    expect(formatDateLong('2028-02-29')).toBe('29 February 2028');
    expect(monthLabel('2026-03-14')).toBe('March 2026');
    expect(monthLabel('2026-03')).toBe('March 2026'); // a month key reads as its first day
    expect(formatRange('2026-01-01', '2026-03-31')).toBe('1 Jan 2026 – 31 Mar 2026');
    expect(formatRange('2026-01-01', '2026-01-01')).toBe('1 Jan 2026');
  });

  it('shows instants in Dubai time', () => {
    expect(formatDateTime('2026-03-03T10:05:00Z')).toBe('3 Mar 2026, 14:05');
    expect(formatDateTime('2026-03-31T20:30:00Z')).toBe('1 Apr 2026, 00:30');
    expect(formatDateTime(new Date('2026-03-31T19:30:00Z'))).toBe('31 Mar 2026, 23:30');
    expect(formatDateTime('garbage')).toBe('garbage');
    expect(formatDateTime(null)).toBe('');
    expect(formatDayInDubai('2026-03-31T20:30:00Z')).toBe('1 Apr 2026');
    expect(dubaiStamp('2026-03-31T20:30:00Z')).toBe('2026-04-01 00:30');
    expect(dubaiStamp('2026-03-03T10:05:00Z')).toBe('2026-03-03 14:05');
  });
});

// From the ledger's own date tests (modules/ledger/dates.ts re-exported these before it was removed).
describe('ledger dates', () => {
  it('compares a range with the period before it', () => {
    expect(priorPeriod('2026-01-01', '2026-03-31')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(priorPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(priorPeriod('2026-01-01', '2026-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(priorPeriod('2026-03-10', '2026-03-19')).toEqual({ from: '2026-02-28', to: '2026-03-09' });
  });

  it('dates monthly templates on their day, or the last day of a shorter month', () => {
    expect(dayInMonth('2026-02-01', 31)).toBe('2026-02-28');
    expect(dayInMonth('2028-02-01', 30)).toBe('2028-02-29');
    expect(dayInMonth('2026-04-01', 15)).toBe('2026-04-15');
    expect(addMonths('2026-11-01', 3)).toBe('2027-02-01');
    expect(monthEnd('2026-12-05')).toBe('2026-12-31');
  });

  it('takes today in Dubai, four hours ahead of UTC', () => {
    expect(todayInDubai(new Date('2026-03-31T20:30:00Z'))).toBe('2026-04-01');
    expect(todayInDubai(new Date('2026-03-31T19:59:00Z'))).toBe('2026-03-31');
  });
});
