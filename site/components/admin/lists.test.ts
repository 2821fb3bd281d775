import { describe, expect, it } from 'vitest';
import { formatDateTime, isoOrRaw } from './format';
import { listUrl, matchesSearch, rangeText } from './lists';
import { validateCostCenter, type CostCenterDraft } from './screens/CostCenterCreate';

describe('list helpers', () => {
  it('builds the paged URL the default query function fetches', () => {
    expect(listUrl('/api/admin/waitlist', 0)).toBe('/api/admin/waitlist?limit=50&offset=0');
    expect(listUrl('/api/admin/contact-messages', 100)).toBe('/api/admin/contact-messages?limit=50&offset=100');
  });

  it('searches case- and accent-insensitively across fields, ignoring missing ones', () => {
    expect(matchesSearch(['Léa Dubois', 'lea@example.fr'], 'LEA D')).toBe(true);
    expect(matchesSearch([null, 'omar@example.ae'], 'omar@')).toBe(true);
    expect(matchesSearch(['Omar Saleh', 'omar@example.ae'], 'priya')).toBe(false);
    expect(matchesSearch(['anything'], '   ')).toBe(true);
  });

  it('describes the range shown', () => {
    expect(rangeText(0, 50, 240)).toBe('1–50 of 240');
    expect(rangeText(200, 40, 240)).toBe('201–240 of 240');
    expect(rangeText(0, 0, 0)).toBe('0 of 0');
    expect(rangeText(0, 50, 1250)).toBe('1–50 of 1,250');
  });

  it('shows times in UAE time and exports ISO UTC', () => {
    expect(formatDateTime('2025-03-14T05:30:00Z')).toBe('14 Mar 2025, 09:30');
    expect(isoOrRaw('2025-03-14T05:30:00Z')).toBe('2025-03-14T05:30:00.000Z');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('validateCostCenter', () => {
  const ok: CostCenterDraft = { code: 'PRP-014', name: 'Marina Vista', type: 'property', parent: '', owner: '', budget: '250,000.50', starts: '', description: '' };
  it('accepts a complete draft', () => {
    expect(validateCostCenter(ok)).toEqual({});
  });
  it('explains each invalid field', () => {
    expect(validateCostCenter({ ...ok, code: '', name: 'M', type: '', budget: '12.345', description: 'x'.repeat(501) })).toEqual({
      code: 'Enter a code',
      name: 'Name must be at least 2 characters',
      type: 'Choose a type',
      budget: 'Enter an amount in AED, e.g. 250000 or 250000.50',
      description: 'Description must be at most 500 characters',
    });
    expect(validateCostCenter({ ...ok, code: 'PRP 014' }).code).toMatch(/letters, digits or hyphens/);
    expect(validateCostCenter({ ...ok, budget: '-5' }).budget).toBeDefined();
  });
});
