import { describe, expect, it } from 'vitest';
import { aedLabel, costAveraging, formatShares, parsePercentRange, projectSip } from './sip-projection';

describe('projectSip', () => {
  it('with no return and no fee, the value is exactly what was paid in', () => {
    const r = projectSip({ monthlyFils: 50_000n, months: 60, annualReturnBps: 0 });
    expect(r).toEqual({ contributedFils: 3_000_000n, valueFils: 3_000_000n, gainFils: 0n });
  });

  it('invests at the start of each month and compounds monthly', () => {
    // 12% a year → 1% a month: 1,000.00 → 1,010.00; then 2,010.00 → 2,030.10.
    expect(projectSip({ monthlyFils: 100_000n, months: 2, annualReturnBps: 1200 }).valueFils).toBe(203_010n);
  });

  it('stays within a few fils of the annuity-due formula over a year', () => {
    const { valueFils } = projectSip({ monthlyFils: 100_000n, months: 12, annualReturnBps: 1200 });
    const exact = 100_000 * ((1.01 ** 12 - 1) / 0.01) * 1.01; // 1,280,932.80 fils
    expect(Math.abs(Number(valueFils) - exact)).toBeLessThan(12);
  });

  it('deducts the annual fee from the return, so a fee alone loses money', () => {
    const withFee = projectSip({ monthlyFils: 50_000n, months: 60, annualReturnBps: 1000, annualFeeBps: 50 });
    const noFee = projectSip({ monthlyFils: 50_000n, months: 60, annualReturnBps: 1000 });
    expect(withFee.valueFils).toBeLessThan(noFee.valueFils);
    expect(projectSip({ monthlyFils: 50_000n, months: 60, annualReturnBps: 0, annualFeeBps: 50 }).gainFils < 0n).toBe(true);
  });

  it('rejects nonsense input', () => {
    expect(() => projectSip({ monthlyFils: -1n, months: 1, annualReturnBps: 0 })).toThrow(RangeError);
    expect(() => projectSip({ monthlyFils: 1n, months: 1.5, annualReturnBps: 0 })).toThrow(RangeError);
    expect(projectSip({ monthlyFils: 50_000n, months: 0, annualReturnBps: 1000 }).valueFils).toBe(0n);
  });
});

describe('costAveraging', () => {
  it('buys more shares when the price is lower, so the average cost beats the average price', () => {
    const r = costAveraging(50_000n, [10_000n, 8_000n, 12_500n]);
    expect(r.rows.map((x) => formatShares(x.sharesMilli))).toEqual(['5', '6.25', '4']);
    expect(r.totalFils).toBe(150_000n);
    expect(formatShares(r.totalSharesMilli)).toBe('15.25');
    expect(r.averageCostFils).toBe(9_836n); // AED 98.36
    expect(r.averagePriceFils).toBe(10_167n); // AED 101.67
  });

  it('refuses empty or non-positive prices', () => {
    expect(() => costAveraging(1n, [])).toThrow();
    expect(() => costAveraging(1n, [0n])).toThrow();
  });
});

describe('parsePercentRange', () => {
  it('reads the stated returns', () => {
    expect(parsePercentRange('10-20%')).toEqual({ min: 10, max: 20 });
    expect(parsePercentRange('6-10%')).toEqual({ min: 6, max: 10 });
    expect(parsePercentRange('4%')).toEqual({ min: 4, max: 4 });
  });
  it('throws on text it cannot read', () => {
    expect(() => parsePercentRange('about ten')).toThrow();
    expect(() => parsePercentRange('10-4%')).toThrow();
  });
});

describe('aedLabel', () => {
  it('groups thousands and keeps two decimals, or rounds to whole dirhams', () => {
    expect(aedLabel(20_000n)).toBe('AED 200.00');
    expect(aedLabel(3_000_000n)).toBe('AED 30,000.00');
    expect(aedLabel(123_456_789n)).toBe('AED 1,234,567.89');
    expect(aedLabel(3_874_550n, 0)).toBe('AED 38,746');
    expect(aedLabel(-150n)).toBe('-AED 1.50');
  });
});
