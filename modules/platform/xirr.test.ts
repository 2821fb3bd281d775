import { describe, expect, it } from 'vitest';
import { rateToBps, xirr } from './xirr';

describe('xirr', () => {
  it('finds the annual rate of dated flows', () => {
    expect(rateToBps(xirr([{ date: '2025-01-01', amount: -1000 }, { date: '2026-01-01', amount: 1100 }]))).toBe(1000);
    // Half paid back after half a year: the same 10% a year.
    const r = xirr([
      { date: '2025-01-01', amount: -1000 },
      { date: '2025-07-02', amount: 500 * Math.pow(1.1, 182 / 365) },
      { date: '2026-01-01', amount: 550 },
    ]);
    expect(r).toBeCloseTo(0.1, 6);
    expect(rateToBps(xirr([{ date: '2025-01-01', amount: -1000 }, { date: '2026-01-01', amount: 800 }]))).toBe(-2000);
  });

  it('has no rate without money both in and out', () => {
    expect(xirr([{ date: '2025-01-01', amount: -1000 }])).toBeNull();
    expect(xirr([{ date: '2025-01-01', amount: -1000 }, { date: '2026-01-01', amount: -5 }])).toBeNull();
    expect(rateToBps(null)).toBeNull();
    expect(rateToBps(Number.NaN)).toBeNull();
  });
});
