import { describe, expect, it } from 'vitest';
import { minorToDecimalString } from '@modules/platform/contract';
import { formatAed, formatBalance, formatFils, parseAmountToFils, readAmount, sumFils, toFils } from './money';

describe('parseAmountToFils', () => {
  it('reads typed amounts straight into fils', () => {
    expect(parseAmountToFils('1,234.56')).toBe(123456n);
    expect(parseAmountToFils('1234.56')).toBe(123456n);
    expect(parseAmountToFils('1234.5')).toBe(123450n);
    expect(parseAmountToFils('1234.')).toBe(123400n);
    expect(parseAmountToFils('.5')).toBe(50n);
    expect(parseAmountToFils(' AED 300 ')).toBe(30000n);
    expect(parseAmountToFils('12,345,678.09')).toBe(1234567809n);
    expect(parseAmountToFils('')).toBe(0n);
  });

  it('adds without float drift: 0.1 + 0.2 is exactly 0.30', () => {
    const sum = parseAmountToFils('0.1')! + parseAmountToFils('0.2')!;
    expect(sum).toBe(30n);
    expect(minorToDecimalString(sum)).toBe('0.30');
    // The same sum in floats is 0.30000000000000004 — the reason amounts never pass through Number.
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatFils(sumFils(['10', 20n]))).toBe('0.30');
  });

  it('accepts up to the ledger contract limit and no further', () => {
    expect(parseAmountToFils('10,000,000,000,000.00')).toBe(1_000_000_000_000_000n);
    expect(readAmount('10,000,000,000,000.01')).toEqual({ ok: false, error: 'That amount is larger than a journal line can hold.' });
  });

  it('refuses what is not an amount, with a reason', () => {
    for (const bad of ['abc', '1.234', '2e3', '12..5', '1,23', '12,34.5', '-5', '(5.00)', '.', '1 000 000 000 000 000']) {
      expect(parseAmountToFils(bad), bad).toBeNull();
    }
    expect(readAmount('1,23')).toEqual({ ok: false, error: 'Use a dot for decimals, like 1234.50.' });
    expect(readAmount('1.234')).toEqual({ ok: false, error: 'AED amounts have at most two decimals (fils).' });
    expect(readAmount('-5')).toMatchObject({ ok: false });
  });
});

describe('formatting', () => {
  it('groups thousands, keeps two decimals and puts negatives in parentheses', () => {
    expect(formatFils(123456n)).toBe('1,234.56');
    expect(formatFils('5')).toBe('0.05');
    expect(formatFils(0n)).toBe('0.00');
    expect(formatFils(-123456789n)).toBe('(1,234,567.89)');
    expect(formatFils('-100000000000000001')).toBe('(1,000,000,000,000,000.01)');
    expect(formatAed(-500n)).toBe('(AED 5.00)');
    expect(formatAed('250000')).toBe('AED 2,500.00');
  });

  it('shows a debit − credit balance on its side', () => {
    expect(formatBalance('120000')).toBe('1,200.00 Dr');
    expect(formatBalance(-35000n)).toBe('350.00 Cr');
    expect(formatBalance(0n)).toBe('0.00');
  });

  it('reads JSON amounts as bigint and never as floats', () => {
    expect(toFils('9007199254740993')).toBe(9007199254740993n);
    expect(toFils(42)).toBe(42n);
    expect(toFils('12.5')).toBe(0n);
    expect(toFils(null)).toBe(0n);
  });
});
