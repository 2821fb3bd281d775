import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@modules/platform/dates';
import { gratuity, gratuityStatement, settlementAmount } from './gratuity';

const basic = fc.bigInt({ min: 100_000n, max: 20_000_000n });
const joined = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2010-01-01', n));

describe('end-of-service gratuity', () => {
  it('pays 21 days per year for exactly five years and nothing under one year', () => {
    // 5 × 365 days of service at AED 36,500 basic: daily wage 1,200; 5 × 21 × 1,200 = 126,000.
    expect(gratuity(3_650_000n, '2020-01-01', addDays('2020-01-01', 5 * 365 - 1)).amount).toBe(12_600_000n);
    const short = gratuity(3_650_000n, '2020-01-01', addDays('2020-01-01', 363));
    expect(short.eligible).toBe(false);
    expect(settlementAmount(short)).toBe(0n);
    expect(short.amount).toBeGreaterThan(0n);
    expect(gratuity(3_650_000n, '2020-01-01', addDays('2020-01-01', 364)).eligible).toBe(true);
  });

  it('under one year of service nothing is settled, whatever the salary', () => {
    fc.assert(
      fc.property(basic, joined, fc.integer({ min: 0, max: 363 }), (b, j, d) => {
        expect(settlementAmount(gratuity(b, j, addDays(j, d)))).toBe(0n);
      }),
    );
  });

  it('across the five-year boundary each further day earns 30 days a year instead of 21', () => {
    fc.assert(
      fc.property(basic, joined, fc.integer({ min: 1, max: 700 }), (b, j, extra) => {
        const atFive = gratuity(b, j, addDays(j, 5 * 365 - 1));
        const after = gratuity(b, j, addDays(j, 5 * 365 - 1 + extra));
        const exact = (b * 12n * 30n * BigInt(extra)) / (365n * 365n);
        if (!after.capped) expect(after.amount - atFive.amount - exact).toBeGreaterThanOrEqual(-1n);
        if (!after.capped) expect(after.amount - atFive.amount - exact).toBeLessThanOrEqual(2n);
        const before = gratuity(b, j, addDays(j, 5 * 365 - 1 - Math.min(extra, 5 * 365 - 1)));
        expect(atFive.amount - before.amount).toBeLessThanOrEqual((b * 12n * 21n * BigInt(extra)) / (365n * 365n) + 2n);
      }),
    );
  });

  it('never exceeds two years of basic pay and grows with service', () => {
    fc.assert(
      fc.property(basic, joined, fc.integer({ min: 0, max: 40 * 365 }), (b, j, d) => {
        const g = gratuity(b, j, addDays(j, d));
        expect(g.amount).toBeLessThanOrEqual(b * 24n);
        expect(gratuity(b, j, addDays(j, d + 30)).amount).toBeGreaterThanOrEqual(g.amount);
      }),
    );
    expect(gratuity(1_000_000n, '1980-01-01', '2026-01-01')).toMatchObject({ amount: 24_000_000n, capped: true });
  });

  it('writes the statement an employee can check', () => {
    expect(gratuityStatement(3_650_000n, '2020-01-01', '2020-06-30')).toContain('Less than one year of service');
    expect(gratuityStatement(3_650_000n, '2019-01-01', '2026-01-01')).toMatch(/30 days per year for \d+ days after five years/);
  });
});
