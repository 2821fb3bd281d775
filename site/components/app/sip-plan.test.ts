import { describe, expect, it } from 'vitest';
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { bpsLabel, PAYMENT_METHODS, RETAIL_ANNUAL_LIMIT_FILS } from './limits';
import {
  checkMonthlyAmount,
  convertInput,
  defaultMonthlyInput,
  MAX_MONTHLY_FILS,
  monthlyBounds,
  nextCollectionDate,
  parseAmountToMinor,
  projectSip,
} from './sip-plan';

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

describe('checkMonthlyAmount', () => {
  it('accepts AED 200 exactly and gives it in fils', () => {
    expect(checkMonthlyAmount('200', 'AED')).toEqual({ ok: true, minor: 20_000n, fils: 20_000n });
  });

  it('refuses less than AED 200 with the minimum in the chosen currency', () => {
    const aed = checkMonthlyAmount('199.99', 'AED');
    expect(aed.ok).toBe(false);
    if (!aed.ok) expect(aed.error).toMatch(/^The minimum monthly amount is AED\s200\.00\.$/);

    const usd = checkMonthlyAmount('54.49', 'USD');
    expect(usd.ok).toBe(false);
    if (!usd.ok) expect(usd.error).toMatch(/\$54\.50 \(AED\s200\)/);
  });

  it('uses the converted minimum: $54.50 and ₹4,550.41 are AED 200', () => {
    expect(monthlyBounds('USD').min).toBe(5_450n);
    expect(checkMonthlyAmount('54.50', 'USD').ok).toBe(true);
    expect(checkMonthlyAmount('4550.41', 'INR').ok).toBe(true);
    expect(checkMonthlyAmount('4550.40', 'INR').ok).toBe(false);
  });

  it('converts a valid amount to AED fils with half-even rounding', () => {
    const r = checkMonthlyAmount('100', 'USD');
    expect(r).toEqual({ ok: true, minor: 10_000n, fils: 36_700n });
  });

  it('keeps a monthly plan within the AED 180,000 retail limit a year', () => {
    expect(MAX_MONTHLY_FILS * 12n).toBe(RETAIL_ANNUAL_LIMIT_FILS);
    expect(checkMonthlyAmount('15000', 'AED').ok).toBe(true);
    const over = checkMonthlyAmount('15000.01', 'AED');
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.error).toMatch(/AED\s180,000 a year/);
  });

  it('asks for an amount when empty and for numbers when not numeric', () => {
    const empty = checkMonthlyAmount('  ', 'AED');
    const junk = checkMonthlyAmount('two hundred', 'AED');
    expect(empty.ok || junk.ok).toBe(false);
    if (!empty.ok) expect(empty.error).toBe('Enter how much you want to invest each month.');
    if (!junk.ok) expect(junk.error).toMatch(/in numbers/);
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

describe('collection day', () => {
  it('is this month when the day is still ahead, next month otherwise', () => {
    expect(nextCollectionDate(new Date(2026, 0, 10), 15).toDateString()).toBe(new Date(2026, 0, 15).toDateString());
    expect(nextCollectionDate(new Date(2026, 0, 15), 15).toDateString()).toBe(new Date(2026, 0, 15).toDateString());
    expect(nextCollectionDate(new Date(2026, 0, 31), 28).toDateString()).toBe(new Date(2026, 1, 28).toDateString());
    expect(nextCollectionDate(new Date(2026, 11, 20), 1).toDateString()).toBe(new Date(2027, 0, 1).toDateString());
  });

  it('only allows days 1-28', () => {
    expect(() => nextCollectionDate(new Date(), 29)).toThrow(RangeError);
    expect(() => nextCollectionDate(new Date(), 0)).toThrow(RangeError);
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
    for (const c of ['USD', 'INR', 'EUR', 'GBP'] as const) expect(checkMonthlyAmount(defaultMonthlyInput(c), c).ok).toBe(true);
  });
});

describe('payment methods', () => {
  it('charge between 0.5% and 2.5%, covering both ends', () => {
    const bps = PAYMENT_METHODS.map((m) => m.chargeBps);
    expect(Math.min(...bps)).toBe(50);
    expect(Math.max(...bps)).toBe(250);
    expect(bpsLabel(50)).toBe('0.5%');
    expect(bpsLabel(250)).toBe('2.5%');
    expect(bpsLabel(100)).toBe('1%');
  });
});
