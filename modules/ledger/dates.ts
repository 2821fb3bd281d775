/**
 * The ledger's calendar helpers live in modules/platform/dates.ts (the one home for dates); this file
 * re-exports them so the ledger's own modules keep their short imports.
 */
export {
  addDays,
  addMonths,
  dayInMonth,
  daysBetween,
  monthEnd,
  monthLabel,
  monthStart,
  priorPeriod,
  todayInDubai,
  yearEnd,
  yearStart,
} from '../platform/dates';
