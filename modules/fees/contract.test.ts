import { describe, expect, it } from 'vitest';
import { carryLabel, feeRunReference, microToAed, rateLabel, windowLabel } from './contract';

describe('fee words', () => {
  it('writes accruals to the hundredth of a fil, carries with their sign, windows and rates as people read them', () => {
    expect(microToAed(4_931_506_860n)).toBe('AED 49.3151');
    expect(microToAed('123456789012345')).toBe('AED 1,234,567.8901');
    expect(microToAed(5_000n)).toBe('AED 0.0000'); // half a hundredth of a fil, to even
    expect(microToAed(15_000n)).toBe('AED 0.0002');
    expect(microToAed('x')).toBe('AED 0.0000');
    expect(carryLabel(270_000n)).toBe('+0.27 fil');
    expect(carryLabel(-310_000n)).toBe('−0.31 fil');
    expect(carryLabel(0n)).toBe('0.00 fil');
    expect(windowLabel('2026-11-01', '2026-11-30')).toBe('1–30 Nov 2026');
    expect(windowLabel('2026-11-20', '2026-12-05')).toBe('20 Nov – 5 Dec 2026');
    expect(windowLabel('2026-11-30', '2026-11-30')).toBe('30 Nov 2026');
    expect(rateLabel(50)).toBe('0.5%');
    expect(rateLabel(500)).toBe('5%');
    expect(rateLabel(125)).toBe('1.25%');
    expect(feeRunReference(7)).toBe('FEE-000007');
  });
});
