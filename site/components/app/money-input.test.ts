import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES, formatMoney, MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { sharesPermille, topSlices } from './dashboard/charts';
import { displayToFils, minimumInCurrency, minimumLabel, minorToInput, readAmount } from './money-input';

describe('amounts typed in the display currency', () => {
  it('converts to AED fils with half-even rounding', () => {
    expect(displayToFils(455041n, 'INR')).toBe(20000n);
    expect(displayToFils(5450n, 'USD')).toBe(20002n); // 20001.5 → even
    expect(displayToFils(20000n, 'AED')).toBe(20000n);
  });

  it('shows the minimum as the smallest amount the server accepts, in every currency', () => {
    for (const c of CURRENCY_CODES) {
      const min = minimumInCurrency(MIN_INVESTMENT_FILS, c);
      expect(displayToFils(min, c)).toBeGreaterThanOrEqual(MIN_INVESTMENT_FILS);
    }
    expect(minimumInCurrency(MIN_INVESTMENT_FILS, 'GBP')).toBe(4306n); // £43.05 would be AED 199.99
    expect(minimumInCurrency(MIN_INVESTMENT_FILS, 'INR')).toBe(455041n);
    expect(minimumInCurrency(MIN_INVESTMENT_FILS, 'USD')).toBe(5450n);
    expect(minimumLabel('INR')).toBe(`Minimum ${formatMoney(455041n, 'INR')}`);
    expect(minimumLabel('AED')).toMatch(/^Minimum AED\s200\.00$/);
  });

  it('reads, checks the minimum in the same currency, and refuses junk', () => {
    expect(readAmount('4,550.41', 'INR', { minFils: MIN_INVESTMENT_FILS })).toEqual({ ok: true, minor: 455041n, fils: 20000n });
    const low = readAmount('4550', 'INR', { minFils: MIN_INVESTMENT_FILS });
    expect(low.ok).toBe(false);
    expect(!low.ok && low.error).toMatch(/minimum is ₹4,550\.41 \(AED\s200\.00\)/);
    expect(readAmount('', 'AED').ok).toBe(false);
    expect(readAmount('12.345', 'AED').ok).toBe(false);
    expect(readAmount('0', 'AED').ok).toBe(false);
    const high = readAmount('500', 'AED', { maxFils: 40000n, maxReason: 'Too much' });
    expect(!high.ok && high.error).toBe('Too much');
    expect(minorToInput(455041n)).toBe('4550.41');
    expect(minorToInput(20000n)).toBe('200');
  });
});

describe('chart shares', () => {
  it('sum to exactly 100% by largest remainder', () => {
    const p = sharesPermille([1n, 1n, 1n]);
    expect(p.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(p).toEqual([334, 333, 333]);
    expect(sharesPermille([0n, 0n])).toEqual([0, 0]);
  });

  it('fold small slices into Other', () => {
    const s = topSlices(Array.from({ length: 8 }, (_, i) => ({ key: `k${i}`, label: `P${i}`, fils: BigInt((i + 1) * 100) })), 4);
    expect(s.map((x) => x.label)).toEqual(['P7', 'P6', 'P5', 'Other']);
    expect(s[3]!.fils).toBe(100n + 200n + 300n + 400n + 500n);
  });
});
