import { describe, expect, it } from 'vitest';
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { checkPlanAmount } from '@modules/sip/ui/format';
import { convertInput, defaultMonthlyInput, parseAmountToMinor, projectSip } from './sip-plan';

describe('parseAmountToMinor', () => {
  it('reads whole amounts, decimals, separators and a currency label', () => {
    expect(parseAmountToMinor('200')).toBe(20_000n);
    expect(parseAmountToMinor('54.5')).toBe(5_450n);
    expect(parseAmountToMinor('1,250.75')).toBe(125_075n);
    expect(parseAmountToMinor(' AED 300 ')).toBe(30_000n);
    expect(parseAmountToMinor('$54.50')).toBe(5_450n);
    expect(parseAmountToMinor('10.')).toBe(1_000n);
  });

  it('rejects what is not an amount', () => {
    for (const bad of ['', 'abc', '-200', '1.234', '2e3', '12..5', '1 000 000 000 000 000']) expect(parseAmountToMinor(bad)).toBeNull();
  });
});

describe('projectSip', () => {
  it('adds up contributions exactly', () => {
    const p = projectSip(MIN_INVESTMENT_FILS, 5);
    expect(p.contributed).toBe(MIN_INVESTMENT_FILS * 60n);
    expect(p.months).toHaveLength(61);
    expect(p.years.map((y) => y.year)).toEqual([1, 2, 3, 4, 5]);
    expect(p.years[4].contributed).toBe(p.contributed);
  });

  it('grows at 10% a year compounded monthly, to within a fil of the closed form', () => {
    const p = projectSip(50_000n, 1);
    // Annuity due: P * ((1 + r)^n - 1) / r * (1 + r), r = 0.1 / 12, n = 12.
    const r = 0.1 / 12;
    const expected = 50_000 * ((((1 + r) ** 12 - 1) / r) * (1 + r));
    expect(Math.abs(Number(p.value) - expected)).toBeLessThanOrEqual(1);
    expect(p.value).toBe(633_514n); // AED 6,335.14 for AED 500 a month over a year
    expect(p.gain).toBe(p.value - 600_000n);
  });

  it('is all bigint and never shrinks', () => {
    const p = projectSip(123_456n, 20);
    for (let i = 1; i < p.months.length; i++) {
      expect(typeof p.months[i].value).toBe('bigint');
      expect(p.months[i].value).toBeGreaterThan(p.months[i - 1].value);
      expect(p.months[i].value).toBeGreaterThanOrEqual(p.months[i].contributed);
    }
  });

  it('refuses a duration outside 1-50 years', () => {
    expect(() => projectSip(20_000n, 0)).toThrow(RangeError);
    expect(() => projectSip(20_000n, 2.5)).toThrow(RangeError);
  });
});

describe('currency changes', () => {
  it('re-expresses a typed amount so the plan keeps its value', () => {
    expect(convertInput('200', 'AED', 'USD')).toBe('54.50');
    expect(convertInput('367', 'AED', 'USD')).toBe('100');
    expect(convertInput('oops', 'AED', 'USD')).toBe('oops');
  });

  it('defaults to about AED 500 in whole units of any currency, above the minimum', () => {
    expect(defaultMonthlyInput('AED')).toBe('500');
    for (const c of ['USD', 'INR', 'EUR', 'GBP'] as const) expect(checkPlanAmount(defaultMonthlyInput(c), c, 20_000n).ok).toBe(true);
  });
});
