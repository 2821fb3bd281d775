import { describe, expect, it } from 'vitest';
import { addMonths, dayInMonth, monthEnd, priorPeriod, todayInDubai } from './dates';
import { filsToDecimal, minorDigits, minorToDecimal, normalizeRate, parseRate, toBaseMinor } from './money';

describe('currency conversion to fils', () => {
  it('converts at an exact decimal rate with one half-even rounding at the end', () => {
    expect(toBaseMinor(10_000n, 'USD', '3.6725')).toBe(36_725n); // 100.00 USD
    expect(toBaseMinor(50n, 'USD', '3.67')).toBe(184n); // 1.835 → 1.84 (4 is even)
    expect(toBaseMinor(150n, 'USD', '3.67')).toBe(550n); // 5.505 → 5.50 (0 is even)
    expect(toBaseMinor(1n, 'USD', '0.5')).toBe(0n); // 0.005 → 0.00
    expect(toBaseMinor(3n, 'USD', '0.5')).toBe(2n); // 0.015 → 0.02
    expect(toBaseMinor(1_005n, 'KWD', '11.95')).toBe(1_201n); // 3-decimal dinar: 1.005 KWD = 12.00975 AED
    expect(toBaseMinor(1_000n, 'JPY', '0.0245')).toBe(2_450n); // 0-decimal yen: ¥1,000 = AED 24.50
    expect(toBaseMinor(123_456n, 'AED', '1')).toBe(123_456n);
  });

  it('never goes through floating point: large amounts stay exact', () => {
    expect(toBaseMinor(999_999_999_999_999n, 'USD', '3.672500000001')).toBe(3_672_500_000_000_996n); // 3,672,500,000,000,996.3275 fils;
  });

  it('reads rates as exact decimals and refuses anything else', () => {
    expect(parseRate('3.6725')).toEqual({ digits: 36_725n, scale: 4 });
    expect(() => parseRate('3.67e0')).toThrow();
    expect(() => parseRate('-1')).toThrow();
    expect(() => parseRate('0')).toThrow();
    expect(normalizeRate('3.672500000000')).toBe('3.6725');
    expect(normalizeRate('4.000000000000')).toBe('4');
  });

  it('knows minor units per ISO 4217 and formats amounts without floats', () => {
    expect([minorDigits('AED'), minorDigits('USD'), minorDigits('KWD'), minorDigits('JPY')]).toEqual([2, 2, 3, 0]);
    expect(filsToDecimal(-5n)).toBe('-0.05');
    expect(filsToDecimal(123_456_789n)).toBe('1234567.89');
    expect(minorToDecimal(1_005n, 'KWD')).toBe('1.005');
  });
});

describe('ledger dates', () => {
  it('compares a range with the period before it', () => {
    expect(priorPeriod('2026-01-01', '2026-03-31')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(priorPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(priorPeriod('2026-01-01', '2026-12-31')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(priorPeriod('2026-03-10', '2026-03-19')).toEqual({ from: '2026-02-28', to: '2026-03-09' });
  });

  it('dates monthly templates on their day, or the last day of a shorter month', () => {
    expect(dayInMonth('2026-02-01', 31)).toBe('2026-02-28');
    expect(dayInMonth('2028-02-01', 30)).toBe('2028-02-29');
    expect(dayInMonth('2026-04-01', 15)).toBe('2026-04-15');
    expect(addMonths('2026-11-01', 3)).toBe('2027-02-01');
    expect(monthEnd('2026-12-05')).toBe('2026-12-31');
  });

  it('takes today in Dubai, four hours ahead of UTC', () => {
    expect(todayInDubai(new Date('2026-03-31T20:30:00Z'))).toBe('2026-04-01');
    expect(todayInDubai(new Date('2026-03-31T19:59:00Z'))).toBe('2026-03-31');
  });
});
