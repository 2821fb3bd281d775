import { describe, expect, it } from 'vitest';
import { convertMinor, divideHalfEven, formatMoney, MIN_INVESTMENT_FILS, minorToDecimalString } from './contract';

describe('money conversion', () => {
  it('rounds half to even', () => {
    expect(divideHalfEven(5n, 2n)).toBe(2n);
    expect(divideHalfEven(7n, 2n)).toBe(4n);
    expect(divideHalfEven(-5n, 2n)).toBe(-2n);
    expect(divideHalfEven(-7n, 2n)).toBe(-4n);
    expect(divideHalfEven(10n, 3n)).toBe(3n);
    expect(divideHalfEven(11n, 3n)).toBe(4n);
  });

  it('shows AED 200 as about 54 USD and in every catalogue currency', () => {
    expect(convertMinor(MIN_INVESTMENT_FILS, 'AED', 'USD')).toBe(5450n);
    expect(convertMinor(MIN_INVESTMENT_FILS, 'AED', 'INR')).toBe(455041n);
    expect(convertMinor(MIN_INVESTMENT_FILS, 'AED', 'EUR')).toBe(5068n);
    expect(convertMinor(MIN_INVESTMENT_FILS, 'AED', 'GBP')).toBe(4305n);
    expect(convertMinor(MIN_INVESTMENT_FILS, 'AED', 'AED')).toBe(20000n);
  });

  it('formats with two decimals in the currency locale', () => {
    expect(formatMoney(5450n, 'USD')).toBe('$54.50');
    expect(formatMoney(455041n, 'INR')).toBe('₹4,550.41');
    expect(formatMoney(123456789n, 'USD')).toBe('$1,234,567.89');
    expect(minorToDecimalString(-5n)).toBe('-0.05');
  });
});

describe('moneyShort', () => {
  it('shortens millions and thousands for cards, in any currency', async () => {
    const { moneyShort, convertMinor } = await import('./contract');
    expect(moneyShort(326_000_000n)).toBe('AED 3.26M');
    expect(moneyShort(300_000_000n)).toBe('AED 3M');
    expect(moneyShort(10_000_000_000n)).toBe('AED 100M');
    expect(moneyShort(73_000_000n)).toBe('AED 730K');
    expect(moneyShort(500_000n)).toMatch(/^AED\s5,000$/);
    expect(moneyShort(convertMinor(326_000_000n, 'AED', 'INR'), 'INR')).toMatch(/^₹74\.\d{1,2}M$/);
    expect(moneyShort(convertMinor(326_000_000n, 'AED', 'USD'), 'USD')).toBe('$888K');
  });
});
