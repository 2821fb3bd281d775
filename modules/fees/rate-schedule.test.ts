/**
 * The platform fee follows its setting's effective dates: each day accrues at the rate in force that day, so a
 * window split by a change equals its two parts accrued at their own flat rates, and the explanation names both.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@modules/platform/dates';
import { accrueProperty, accrueWindow, rateOn, ratesIn, type PropertyHolding } from './accrual';
import { feeExplanation } from './contract';

const holding = (units: bigint): PropertyHolding => ({
  propertyId: 'p1',
  reference: 'MZ-DXB-001',
  title: 'Marina Gate two-bedroom',
  totalUnits: 1_000_000n,
  fallbackValuation: 240_000_000n,
  valuations: [{ on: '2026-03-10', valuation: 252_000_000n }],
  changes: [{ date: '2026-01-01', delta: units }],
});

describe('platform fee rate schedule', () => {
  it('reads the rate in force on a day and the rates over a window', () => {
    const rates = [
      { from: '0001-01-01', bps: 50 },
      { from: '2026-12-10', bps: 40 },
    ];
    expect(rateOn(rates, '2026-12-09')).toBe(50);
    expect(rateOn(rates, '2026-12-10')).toBe(40);
    expect(ratesIn(rates, '2026-12-01', '2026-12-31')).toEqual([50, 40]);
    expect(ratesIn(rates, '2026-11-01', '2026-11-30')).toEqual([50]);
  });

  it('a window split by a change accrues each part at its own rate, whatever the dates and rates', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 500 }), fc.bigInt({ min: 1n, max: 1_000_000n }), (offset, length, bps, units) => {
        const from = addDays('2026-02-01', offset);
        const through = addDays(from, length);
        const change = addDays(from, Math.floor(length / 2) + 1);
        const h = holding(units);
        const split = accrueProperty(h, from, through, [
          { from: '0001-01-01', bps: 50 },
          { from: change, bps },
        ]);
        const before = change > through ? 0n : accrueProperty(h, from, addDays(change, -1), [{ from: '0001-01-01', bps: 50 }]).accruedMicro;
        const after = change > through ? 0n : accrueProperty(h, change, through, [{ from: '0001-01-01', bps }]).accruedMicro;
        expect(split.accruedMicro).toBe(before + after);
        expect(split.days).toBe(daysBetween(from, through) + 1);
      }),
      { numRuns: 200 },
    );
  });

  it('explains a charge across a change with both rates', () => {
    const w = accrueWindow([holding(10_000n)], '2026-12-01', '2026-12-31', [
      { from: '0001-01-01', bps: 50 },
      { from: '2026-12-10', bps: 40 },
    ]);
    expect(w.rates).toEqual([50, 40]);
    expect(feeExplanation({ ...w, fee: 1_000n, vat: 50n })).toMatch(/^Platform fee 0\.5% then 0\.4% a year on /);
  });
});
