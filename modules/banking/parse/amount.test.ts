import { describe, expect, it } from 'vitest';
import { amountToFils } from './amount';

describe('amountToFils', () => {
  it.each([
    ['1,234.56', false, 123_456n],
    ['-1234.5', false, -123_450n],
    ['1234', false, 123_400n],
    ['.5', false, 50n],
    ['(250.00)', false, -25_000n],
    ['250.00-', false, -25_000n],
    ['250.00 DR', false, -25_000n],
    ['250.00 CR', false, 25_000n],
    ['AED 1,000.00', false, 100_000n],
    ['1,000.00 AED', false, 100_000n],
    ['+12.30', false, 1_230n],
    ['12.500', false, 1_250n],
    ['1 234.56', false, 123_456n],
    ['1.234,56', true, 123_456n],
    ['-1.234,5', true, -123_450n],
    ['1234,', true, 123_400n],
    ['0.00', false, 0n],
  ])('%s (decimal comma %s) → %s fils', (text, decimalComma, fils) => {
    expect(amountToFils(text, { decimalComma })).toBe(fils);
  });

  it.each([
    ['', false],
    ['abc', false],
    ['12.345', false],
    ['1,23.00', false],
    ['1.234,56', false],
    ['1,234.56', true],
    ['12-34', false],
    ['99999999999999999.00', false],
  ])('refuses %s (decimal comma %s)', (text, decimalComma) => {
    expect(amountToFils(text, { decimalComma })).toBeNull();
  });
});
