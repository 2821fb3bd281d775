/** The fiscal periods as the API answers them (GET /periods, POST /periods/:period/close|reopen). Browser-safe. */

export type PeriodJson = {
  period: string;
  kind: 'month' | 'year';
  label: string;
  start: string;
  end: string;
  status: 'open' | 'closed';
  closedAt: string | null;
  closedBy: string | null;
  /** The name of the administrator who closed it. */
  closedByName: string | null;
  closingEntry: { id: string; number: string } | null;
  postedEntries: number;
  draftEntries: number;
};

/** GET /periods?year= */
export type PeriodsJson = { year: PeriodJson; months: PeriodJson[] };
/** POST /periods/:month/close and /periods/:month/reopen */
export type MonthPeriodResult = { period: PeriodJson };
/** POST /periods/:year/close: the closing entry is null when the year had no income or expenses. */
export type YearCloseResult = { year: PeriodJson; closingEntry: { id: string; number: string } | null };
