/**
 * The one home for dates. Manzil keeps its books and shows its clock in UAE time (Asia/Dubai, UTC+4,
 * no daylight saving): this is the only file that spells the zone. Calendar dates are 'YYYY-MM-DD'
 * strings computed in UTC so no time zone shifts a day; instants are Dates. Browser-safe.
 */

export const DUBAI_TIME_ZONE = 'Asia/Dubai';
/** UAE time's fixed offset from UTC (the UAE keeps no daylight saving). */
export const DUBAI_UTC_OFFSET = '+04:00';

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' (or a month 'YYYY-MM', read as its first day) → UTC midnight in ms. */
const parse = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10) || 1));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad2 = (n: number) => String(n).padStart(2, '0');

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written 'YYYY-MM-DD' ('2026-02-30' is not). */
export const isIsoDate = (s: string) => ISO_DATE.test(s) && iso(parse(s)) === s;

// ---------------------------------------------------------------------------------------------
// Today and instants in Dubai

const dubaiDay = new Intl.DateTimeFormat('en-CA', { timeZone: DUBAI_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in the UAE at `now` ('YYYY-MM-DD'): 20:00Z is already the next day in Dubai. */
export function todayInDubai(now: Date = new Date()): string {
  return dubaiDay.format(now);
}

/** The instant a Dubai calendar day begins: '2026-03-01' → 2026-02-28T20:00:00Z. */
export function startOfDubaiDay(date: string): Date {
  return new Date(`${date}T00:00:00${DUBAI_UTC_OFFSET}`);
}

/** The instant a Dubai calendar day ends, exclusive (the next day's start): use as `at < end`. */
export function endOfDubaiDay(date: string): Date {
  return startOfDubaiDay(addDays(date, 1));
}

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic on 'YYYY-MM-DD'

export const addDays = (d: string, n: number) => iso(parse(d) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((parse(to) - parse(from)) / DAY_MS);

export const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
export const monthEnd = (d: string) => iso(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 0));
export const daysInMonth = (d: string) => Number(monthEnd(d).slice(8, 10));

/** Adds whole months, keeping the day or clamping it to a shorter month: '2026-01-31' + 1 → '2026-02-28'. */
export function addMonths(d: string, n: number): string {
  const first = iso(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1 + n, 1));
  return dayInMonth(first, Number(d.slice(8, 10)));
}

/** The date of day `day` in the month of `d`, or the month's last day if shorter ('2026-02-01', 31 → '2026-02-28'). */
export function dayInMonth(d: string, day: number): string {
  return `${d.slice(0, 8)}${pad2(Math.min(day, daysInMonth(d)))}`;
}

/** Quarter number 1–4 of a date. */
export const quarterOf = (d: string) => Math.floor((Number(d.slice(5, 7)) - 1) / 3) + 1;
export const quarterStart = (d: string) => `${d.slice(0, 4)}-${pad2((quarterOf(d) - 1) * 3 + 1)}-01`;
export const quarterEnd = (d: string) => monthEnd(`${d.slice(0, 4)}-${pad2(quarterOf(d) * 3)}-01`);

/** First and last day of a year, from a year (2026, '2026') or any date in it. */
export const yearStart = (yearOrDate: number | string) => `${String(yearOrDate).slice(0, 4)}-01-01`;
export const yearEnd = (yearOrDate: number | string) => `${String(yearOrDate).slice(0, 4)}-12-31`;

/** The first days of the last `n` months up to and including the month of `today`, oldest first. */
export function lastMonths(n: number, today: string = todayInDubai()): string[] {
  const current = monthStart(today);
  return Array.from({ length: n }, (_, i) => addMonths(current, i - (n - 1)));
}

/**
 * The period just before [from, to] of the same length: whole months shift by months
 * (Q2 → Q1, March → February), any other range by its number of days.
 */
export function priorPeriod(from: string, to: string): { from: string; to: string } {
  if (from.endsWith('-01') && to === monthEnd(to)) {
    const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
    return { from: addMonths(from, -months), to: addDays(from, -1) };
  }
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

// ---------------------------------------------------------------------------------------------
// Display

const dayFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const longDayFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthFmt = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const monthYearFmt = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dubaiDateFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: DUBAI_TIME_ZONE });
const dubaiTimeFmt = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: DUBAI_TIME_ZONE });
const dubaiDateTimeFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: DUBAI_TIME_ZONE });

/** A calendar date '2026-03-14' → '14 Mar 2026'; anything else is returned as given. */
export function formatDate(d: string | null | undefined): string {
  if (!d) return '';
  return isIsoDate(d) ? dayFmt.format(new Date(parse(d))) : d;
}

/** A calendar date '2026-03-14' → '14 March 2026'; anything else is returned as given. */
export function formatDateLong(d: string | null | undefined): string {
  if (!d) return '';
  return isIsoDate(d) ? longDayFmt.format(new Date(parse(d))) : d;
}

/** '2026-03-14' → 'Mar'. */
export const shortMonth = (d: string) => monthFmt.format(new Date(parse(d)));
/** '2026-03-14' → 'March 2026'. */
export const monthYear = (d: string) => monthYearFmt.format(new Date(parse(d)));
export const monthLabel = monthYear;

/** '1 Jan 2026 – 31 Mar 2026' (one date when both ends are the same). */
export const formatRange = (from: string, to: string) => (from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`);

const asInstant = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** An instant's day in Dubai: '3 Mar 2026'; '' when empty, the raw value when it isn't a date. */
export function formatDayInDubai(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const d = asInstant(value);
  return Number.isNaN(d.getTime()) ? String(value) : dubaiDateFmt.format(d);
}

/** An instant in Dubai time: '3 Mar 2026, 14:05'; '' when empty, the raw value when it isn't a date. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const d = asInstant(value);
  return Number.isNaN(d.getTime()) ? String(value) : dubaiDateTimeFmt.format(d);
}

/** An instant as a sortable Dubai timestamp for statements and files: '2026-03-03 14:05'. */
export function dubaiStamp(value: string | number | Date): string {
  const d = asInstant(value);
  return `${todayInDubai(d)} ${dubaiTimeFmt.format(d)}`;
}
