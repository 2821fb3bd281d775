import fc from 'fast-check';
import { expect, it } from 'vitest';
import { formatHundredths, runway } from './runway';
import { daysOf } from './receivables-payables';

it('runway: average burn half-even to the fil, months in hundredths half-even, null with a reason when not burning', () => {
  expect(runway(81_100_000n, [3_000_000n, 3_200_000n, 3_200_000n, 3_200_000n], 3)).toEqual({ averageBurn: '3200000', months: 3, runwayHundredths: '2534', reason: null });
  // 10 / 4 = 2.5 → 2 (half to even); 25 fils ÷ 2 = 12.5 months → 1250 hundredths.
  expect(runway(25n, [3n, 3n, 4n, 0n], 4)).toMatchObject({ averageBurn: '2', runwayHundredths: '1250' });
  expect(runway(1_000n, [300n], 6)).toMatchObject({ months: 1, averageBurn: '300', runwayHundredths: '333' });
  expect(runway(1_000n, [-500n, 200n], 2)).toMatchObject({ runwayHundredths: null, reason: expect.stringMatching(/covers its costs/) });
  expect(runway(1_000n, [], 3)).toMatchObject({ runwayHundredths: null, reason: expect.stringMatching(/no complete months/) });
  expect(runway(-5n, [100n], 3)).toMatchObject({ runwayHundredths: '0' });
  // Huge amounts stay exact (no float): 10^15 fils at 1 fil a month.
  expect(runway(10n ** 15n, [1n], 3).runwayHundredths).toBe('100000000000000000');
  expect(formatHundredths('2534')).toBe('25.34');
  expect(formatHundredths('7')).toBe('0.07');
});

it('runway × burn never exceeds cash by more than half a hundredth of a month (property)', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 6 }), (cash, burns) => {
      const r = runway(cash, burns, 6);
      const avg = BigInt(r.averageBurn);
      const h = BigInt(r.runwayHundredths!);
      // |h × avg − cash × 100| ≤ avg / 2
      const diff = h * avg - cash * 100n;
      expect((diff < 0n ? -diff : diff) * 2n).toBeLessThanOrEqual(avg);
    }),
    { seed: 24, numRuns: 300 },
  );
});

it('DSO / DPO: balance ÷ flow × days, whole days half-even; null without flow', () => {
  expect(daysOf(1_000n, 3_650n, 365)).toBe(100);
  expect(daysOf(1n, 2n, 1)).toBe(0);
  expect(daysOf(3n, 2n, 1)).toBe(2);
  expect(daysOf(100n, 0n, 30)).toBeNull();
  expect(daysOf(-100n, 50n, 30)).toBe(0);
});
