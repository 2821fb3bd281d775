import { describe, expect, it } from 'vitest';
import { listUrl, matchesSearch, rangeText } from './lists';

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
});
