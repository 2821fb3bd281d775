import { describe, expect, it } from 'vitest';
import { formatDateTime, isoOrRaw } from './format';

describe('admin date formatting', () => {
  it('shows times in UAE time and exports ISO UTC', () => {
    expect(formatDateTime('2025-03-14T05:30:00Z')).toBe('14 Mar 2025, 09:30');
    expect(isoOrRaw('2025-03-14T05:30:00Z')).toBe('2025-03-14T05:30:00.000Z');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('');
  });
});
