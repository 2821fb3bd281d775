/** Calendar dates as 'YYYY-MM-DD' strings, computed in UTC so no time zone shifts a day. */

const DAY_MS = 86_400_000;
const parse = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const format = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Today in the UAE (Asia/Dubai), where Manzil keeps its books. */
export function todayInDubai(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const addDays = (d: string, n: number) => format(parse(d) + n * DAY_MS);
export const daysBetween = (from: string, to: string) => Math.round((parse(to) - parse(from)) / DAY_MS);
export const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
export function monthEnd(d: string): string {
  const y = Number(d.slice(0, 4));
  const m = Number(d.slice(5, 7));
  return format(Date.UTC(y, m, 0));
}
export const yearStart = (year: number | string) => `${year}-01-01`;
export const yearEnd = (year: number | string) => `${year}-12-31`;

/** Adds whole months to a month's first day ('2026-03-01' + 2 → '2026-05-01'). */
export function addMonths(firstOfMonth: string, n: number): string {
  const y = Number(firstOfMonth.slice(0, 4));
  const m = Number(firstOfMonth.slice(5, 7)) - 1 + n;
  return format(Date.UTC(y, m, 1));
}

/** The occurrence date of a monthly template in a month: its day, or the month's last day if shorter. */
export function dayInMonth(firstOfMonth: string, day: number): string {
  const end = monthEnd(firstOfMonth);
  const last = Number(end.slice(8, 10));
  return `${firstOfMonth.slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`;
}

export function monthLabel(d: string): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(parse(d)));
}

/**
 * The period just before [from, to] of the same length: whole months shift by months
 * (Q2 → Q1, March → February), any other range by its number of days.
 */
export function priorPeriod(from: string, to: string): { from: string; to: string } {
  if (from.endsWith('-01') && to === monthEnd(to)) {
    const months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
    const start = addMonths(from, -months);
    return { from: start, to: addDays(from, -1) };
  }
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}
