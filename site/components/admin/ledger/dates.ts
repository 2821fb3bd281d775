/**
 * Calendar dates for the accounting screens, as 'YYYY-MM-DD' strings computed in UTC so no time zone
 * shifts a day. "Today" is today in the UAE, where Manzil keeps its books.
 */
const DAY_MS = 86_400_000;
const parse = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isIsoDate = (s: string) => ISO_DATE.test(s) && iso(parse(s)) === s;

export function todayInDubai(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export const addDays = (d: string, n: number) => iso(parse(d) + n * DAY_MS);
export const monthStart = (d: string) => `${d.slice(0, 7)}-01`;
export function monthEnd(d: string): string {
  return iso(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 0));
}
export function addMonths(firstOfMonth: string, n: number): string {
  return iso(Date.UTC(Number(firstOfMonth.slice(0, 4)), Number(firstOfMonth.slice(5, 7)) - 1 + n, 1));
}
export const yearStart = (d: string) => `${d.slice(0, 4)}-01-01`;

const dayFmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthFmt = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const monthYearFmt = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03-14' → '14 Mar 2026'; anything else is returned as given. */
export function formatDate(d: string | null | undefined): string {
  if (!d) return '';
  return isIsoDate(d) ? dayFmt.format(new Date(parse(d))) : d;
}
export const shortMonth = (d: string) => monthFmt.format(new Date(parse(d)));
export const monthYear = (d: string) => monthYearFmt.format(new Date(parse(d)));

/** '1 Jan 2026 – 31 Mar 2026'. */
export const formatRange = (from: string, to: string) => (from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`);

export type Range = { from: string; to: string };
export type PresetKey = 'this-month' | 'last-month' | 'this-quarter' | 'last-quarter' | 'year-to-date' | 'last-year';

export const PRESETS: { key: PresetKey; label: string }[] = [
  { key: 'this-month', label: 'This month' },
  { key: 'last-month', label: 'Last month' },
  { key: 'this-quarter', label: 'This quarter' },
  { key: 'last-quarter', label: 'Last quarter' },
  { key: 'year-to-date', label: 'Year to date' },
  { key: 'last-year', label: 'Last year' },
];

/** A named period as dates, relative to `today`. Current periods end today; past ones end on their last day. */
export function presetRange(key: PresetKey, today = todayInDubai()): Range {
  const month = monthStart(today);
  const quarter = addMonths(`${today.slice(0, 4)}-01-01`, Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3);
  switch (key) {
    case 'this-month':
      return { from: month, to: today };
    case 'last-month': {
      const start = addMonths(month, -1);
      return { from: start, to: monthEnd(start) };
    }
    case 'this-quarter':
      return { from: quarter, to: today };
    case 'last-quarter': {
      const start = addMonths(quarter, -3);
      return { from: start, to: addDays(quarter, -1) };
    }
    case 'year-to-date':
      return { from: yearStart(today), to: today };
    case 'last-year': {
      const y = Number(today.slice(0, 4)) - 1;
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    }
  }
}

/** Which preset a range is, if any. */
export function presetOf(range: Range, today = todayInDubai()): PresetKey | '' {
  return PRESETS.find((p) => {
    const r = presetRange(p.key, today);
    return r.from === range.from && r.to === range.to;
  })?.key ?? '';
}

/** The first days of the last `n` months up to and including this one, oldest first. */
export function lastMonths(n: number, today = todayInDubai()): string[] {
  const current = monthStart(today);
  return Array.from({ length: n }, (_, i) => addMonths(current, i - (n - 1)));
}
