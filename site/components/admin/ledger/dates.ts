/**
 * Calendar dates for the accounting screens, as 'YYYY-MM-DD' strings. The calendar arithmetic, "today"
 * in the UAE and the date formats live in modules/platform/dates.ts; this file adds the screens' named
 * periods (presets).
 */
import { addDays, addMonths, monthEnd, monthStart, quarterStart, todayInDubai, yearEnd, yearStart } from '@modules/platform/dates';

export {
  addDays,
  addMonths,
  formatDate,
  formatRange,
  ISO_DATE,
  isIsoDate,
  lastMonths,
  monthEnd,
  monthStart,
  monthYear,
  shortMonth,
  todayInDubai,
  yearStart,
} from '@modules/platform/dates';

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
  const quarter = quarterStart(today);
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
      return { from: yearStart(y), to: yearEnd(y) };
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
