/** Dates in the back office: UAE time (GST, UTC+4) on screen, ISO 8601 UTC in exports. */
import { DUBAI_TIME_ZONE, formatDateTime } from '@modules/platform/dates';

/** '14 Mar 2025, 09:30' in UAE time (GST, UTC+4); the raw value if it isn't a date. */
export { formatDateTime };

export function isoOrRaw(value: string | number | null | undefined): string {
  if (value == null || value === '') return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString();
}

const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: DUBAI_TIME_ZONE });

/** '14 Mar 2025' in UAE time; a bare 'YYYY-MM-DD' is a calendar day and is shown as that day. */
export function formatDate(value: string | number | null | undefined): string {
  if (value == null || value === '') return '';
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : dateOnly.format(d);
}
