/** Dates in the back office: UAE time (GST, UTC+4) on screen, ISO 8601 UTC in exports. */
import { formatDateTime } from '../../../modules/platform/dates';

/** '14 Mar 2025, 09:30' in UAE time (GST, UTC+4); the raw value if it isn't a date. */
export { formatDateTime };

export function isoOrRaw(value: string | number | null | undefined): string {
  if (value == null || value === '') return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString();
}
