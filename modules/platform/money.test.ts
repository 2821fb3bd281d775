import { describe, expect, it } from 'vitest';
import {
  applyBps,
  convertMinor,
  CURRENCY_CODES,
  divideHalfEven,
  filsToDecimal,
  formatAed,
  formatFils,
  formatFilsIn,
  formatMoney,
  formatMoneyCompact,
  minorDigits,
  minorToDecimal,
  minorToDecimalString,
  minorToInput,
  moneyShort,
  normalizeRate,
  parseFils,
  parseRate,
  sumFils,
  toBaseMinor,
  toFils,
} from './money';

/** Intl separates "AED" from the figure with a no-break space; tests compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const BEYOND_2_53 = 123_456_789_012_345_678n; // 1,234,567,890,123,456.78 — far past Number.MAX_SAFE_INTEGER

describe('divideHalfEven', () => {
  it.each([
    [5n, 10n, 0n], // 0.5 → 0
    [15n, 10n, 2n], // 1.5 → 2
    [25n, 10n, 2n], // 2.5 → 2
    [35n, 10n, 4n], // 3.5 → 4
    [-5n, 10n, 0n], // -0.5 → 0
    [-15n, 10n, -2n], // -1.5 → -2
    [-25n, 10n, -2n], // -2.5 → -2
    [14n, 10n, 1n], // 1.4 → 1
    [16n, 10n, 2n], // 1.6 → 2
    [-16n, 10n, -2n], // -1.6 → -2
    [25n, -10n, -2n], // negative divisor
    [10n, 3n, 3n],
    [11n, 3n, 4n],
    [0n, 7n, 0n],
  ])('%s / %s → %s', (n, d, expected) => {
    expect(divideHalfEven(n, d)).toBe(expected);
  });

  it('refuses to divide by zero', () => {
    expect(() => divideHalfEven(1n, 0n)).toThrow(RangeError);
  });

  it('stays exact beyond 2^53', () => {
    expect(divideHalfEven(BEYOND_2_53 * 10n + 5n, 10n)).toBe(BEYOND_2_53); // …78.5 → …78 (even)
    expect(divideHalfEven(BEYOND_2_53 * 10n + 15n, 10n)).toBe(BEYOND_2_53 + 2n); // …79.5 → …80
  });

  it('applies basis points with one rounding', () => {
    expect(applyBps(12_345n, 50)).toBe(62n); // 61.725 → 62
    expect(applyBps(100n, 50n)).toBe(0n); // 0.5 → 0
    expect(applyBps(300n, 50)).toBe(2n); // 1.5 → 2
  });
});

describe('reading amounts', () => {
  it.each([
    ['1,250.00', 125_000n],
    ['1250.5', 125_050n],
    ['1,234,567.89', 123_456_789n],
    ['.5', 50n],
    ['0', 0n],
    ['AED 300', 30_000n],
    [' 12 ', 1_200n],
    ['12.', 1_200n],
    ['92233720368547758.07', 9_223_372_036_854_775_807n],
  ])('"%s" → %s fils', (text, fils) => {
    expect(parseFils(text)).toBe(fils);
  });

  it.each(['', 'abc', '1,23', '12,34.5', '1.234', '-5', '1e3', '.', '$5'])('refuses "%s"', (text) => {
    expect(parseFils(text)).toBeNull();
  });

  it('reads a sign only when asked, and other currency prefixes when given', () => {
    expect(parseFils('-12.50', { allowNegative: true })).toBe(-1_250n);
    expect(parseFils('−0.05', { allowNegative: true })).toBe(-5n);
    expect(parseFils('₹4,550.41', { prefix: /^(AED|[$€£₹])/i })).toBe(455_041n);
  });

  it('reads JSON amounts leniently and sums them', () => {
    expect(toFils('123')).toBe(123n);
    expect(toFils(' -7 ')).toBe(-7n);
    expect(toFils(42)).toBe(42n);
    expect(toFils(1.5)).toBe(0n);
    expect(toFils('1.5')).toBe(0n);
    expect(toFils(null)).toBe(0n);
    expect(toFils(String(BEYOND_2_53))).toBe(BEYOND_2_53);
    expect(sumFils(['100', 50, 25n, undefined])).toBe(175n);
  });
});

describe('formatting AED', () => {
  it.each<[bigint, Parameters<typeof formatAed>[1], string]>([
    [0n, {}, 'AED 0.00'],
    [125_000n, {}, 'AED 1,250.00'],
    [5n, {}, 'AED 0.05'],
    [-125_050n, {}, '-AED 1,250.50'],
    [-125_050n, { negative: 'parens' }, '(AED 1,250.50)'],
    [125_000n, { decimals: 'auto' }, 'AED 1,250'],
    [125_050n, { decimals: 'auto' }, 'AED 1,250.50'],
    [125_050n, { decimals: 0 }, 'AED 1,250'], // .50 → even
    [125_150n, { decimals: 0 }, 'AED 1,252'], // 1,251.50 → 1,252
    [-40n, { decimals: 0 }, 'AED 0'], // no "-AED 0"
    [BEYOND_2_53, {}, 'AED 1,234,567,890,123,456.78'],
    [-BEYOND_2_53, {}, '-AED 1,234,567,890,123,456.78'],
  ])('%s fils with %o → %s', (fils, opts, text) => {
    expect(formatAed(fils, opts)).toBe(text);
  });

  it('formats bare figures for tables, inputs and CSV', () => {
    expect(formatFils(0n)).toBe('0.00');
    expect(formatFils('123456')).toBe('1,234.56');
    expect(formatFils(-500n, { negative: 'parens' })).toBe('(5.00)');
    expect(formatFils(-1_250_000n, { grouping: false })).toBe('-12500.00');
    expect(formatFils(BEYOND_2_53)).toBe('1,234,567,890,123,456.78');
    expect(minorToDecimalString(-5n)).toBe('-0.05');
    expect(minorToDecimalString(BEYOND_2_53)).toBe('1234567890123456.78');
    expect(minorToDecimal(1_005n, 'KWD')).toBe('1.005');
    expect(minorToDecimal(1_000n, 'JPY')).toBe('1000');
    expect(minorToInput(20_000n)).toBe('200');
    expect(minorToInput(455_041n)).toBe('4550.41');
  });
});

describe('display currencies', () => {
  it.each<[(typeof CURRENCY_CODES)[number], bigint, string]>([
    ['AED', 20_000n, 'AED 200.00'],
    ['USD', 5_450n, '$54.50'],
    ['INR', 455_041n, '₹4,550.41'],
    ['EUR', 5_068n, '€50.68'],
    ['GBP', 4_305n, '£43.05'],
  ])('AED 200 in %s is the converted %s minor units, shown as %s', (code, minor, text) => {
    expect(convertMinor(20_000n, 'AED', code)).toBe(minor);
    expect(plain(formatMoney(minor, code))).toBe(text);
    expect(plain(formatFilsIn(20_000n, code))).toBe(text);
  });

  it('covers every display currency', () => {
    expect([...CURRENCY_CODES].sort()).toEqual(['AED', 'EUR', 'GBP', 'INR', 'USD']);
  });

  it('formats zero, negatives and amounts beyond 2^53 exactly', () => {
    expect(plain(formatMoney(0n, 'AED'))).toBe('AED 0.00');
    expect(formatMoney(0n, 'USD')).toBe('$0.00');
    expect(formatMoney(-5_450n, 'USD')).toBe('-$54.50');
    expect(formatMoney(BEYOND_2_53, 'USD')).toBe('$1,234,567,890,123,456.78');
    expect(formatMoney(BEYOND_2_53, 'INR')).toBe('₹1,23,45,67,89,01,23,456.78');
    expect(formatMoney(12_350n, 'USD', { decimals: 0 })).toBe('$124'); // 123.50 → 124
    expect(formatMoney(12_250n, 'USD', { decimals: 0 })).toBe('$122'); // 122.50 → 122
  });

  it('shortens for cards and chart axes', () => {
    expect(moneyShort(326_000_000n)).toBe('AED 3.26M');
    expect(moneyShort(73_000_000n)).toBe('AED 730K');
    expect(formatMoneyCompact(120_000n, 'USD')).toBe('$1.2K');
    expect(formatMoneyCompact(120_000, 'USD')).toBe('$1.2K');
  });

  it('converts other currencies to fils at an exact rate, half-even once', () => {
    expect(toBaseMinor(10_000n, 'USD', '3.6725')).toBe(36_725n);
    expect(toBaseMinor(150n, 'USD', '3.67')).toBe(550n); // 5.505 → 5.50
    expect(toBaseMinor(123n, 'AED', '9')).toBe(123n);
  });
});

// From the ledger's own money tests (modules/ledger/money.ts re-exported these before it was removed).
describe('currency conversion to fils (ledger)', () => {
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
