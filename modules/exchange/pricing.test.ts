import { describe, expect, it } from 'vitest';
import { addYears, quoteSale, takeFifo, type Lot } from './pricing';

const S = 10_000n; // units per share
// The spec's rates (the settings' defaults): 0.5% early exit, 0.20% performance.
const fees = { earlyExitFeeBps: 50, performanceFeeBps: 20 };
const lot = (acquiredOn: string, shares: bigint, costAed: bigint): Lot => ({ acquiredOn, units: shares * S, cost: costAed * 100n });

describe('the pricing of a sale', () => {
  it('charges the early exit fee on units held less than 3 years, counted to the day, first in first out', () => {
    const lots = [lot('2023-06-10', 10n, 10_000n), lot('2025-01-01', 10n, 10_000n)];
    // On the third anniversary the first lot is no longer early.
    const onAnniversary = quoteSale({ lots, units: 10n * S, price: 120_000n, on: '2026-06-10', fees });
    expect(onAnniversary).toMatchObject({ gross: 1_200_000n, earlyUnits: 0n, earlyExitFee: 0n, cost: 1_000_000n, profit: 200_000n, performanceFee: 400n, vat: 20n, net: 1_199_580n });
    // A day before it, the same sale is early: 0.5% of the proceeds.
    const dayBefore = quoteSale({ lots, units: 10n * S, price: 120_000n, on: '2026-06-09', fees });
    expect(dayBefore).toMatchObject({ earlyUnits: 10n * S, earlyExitFee: 6_000n, performanceFee: 400n, vat: 320n, net: 1_200_000n - 6_720n });
    // 15 shares: 10 from the old lot (not early), 5 from the new one (early): the fee is on those 5 only.
    const split = quoteSale({ lots, units: 15n * S, price: 120_000n, on: '2026-06-10', fees });
    expect(split.earlyUnits).toBe(5n * S);
    expect(split.earlyExitFee).toBe(3_000n);
    expect(split.cost).toBe(1_500_000n);
  });

  it('charges no performance fee on a loss, and the fees never exceed what they are on', () => {
    const q = quoteSale({ lots: [lot('2026-01-01', 4n, 4_000n)], units: 4n * S, price: 90_000n, on: '2026-11-26', fees });
    expect(q).toMatchObject({ gross: 360_000n, profit: -40_000n, performanceFee: 0n, earlyExitFee: 1_800n, vat: 90n, net: 358_110n });
    expect(q.net + q.fees).toBe(q.gross);
  });

  it('takes cost in proportion from a partly sold lot, and refuses more units than the lots hold', () => {
    const used = takeFifo([lot('2024-01-01', 3n, 1_000n)], 1n * S, '2026-01-01');
    expect(used).toEqual([{ acquiredOn: '2024-01-01', units: S, cost: 33_333n, early: true }]);
    expect(() => takeFifo([lot('2024-01-01', 1n, 100n)], 2n * S, '2026-01-01')).toThrow(RangeError);
  });

  it('prices fractional units down to the fil (the seller never gets more than the units are worth)', () => {
    const q = quoteSale({ lots: [{ acquiredOn: '2020-01-01', units: 3n, cost: 1n }], units: 3n, price: 100_001n, on: '2026-01-01', fees });
    expect(q.gross).toBe(30n); // 3 × 100,001 / 10,000 = 30.0003
  });

  it('a property exit sells at the given proceeds; leap days step to 28 Feb', () => {
    const q = quoteSale({ lots: [lot('2021-01-01', 2n, 2_000n)], units: 2n * S, price: 0n, on: '2026-01-01', fees, gross: 250_000n });
    expect(q).toMatchObject({ gross: 250_000n, earlyExitFee: 0n, profit: 50_000n, performanceFee: 100n, vat: 5n });
    expect(addYears('2024-02-29', 3)).toBe('2027-02-28');
  });

  it('charges the rates it is given (the settings in force on the day), not constants', () => {
    const lots = [lot('2025-01-01', 10n, 10_000n)];
    const q = quoteSale({ lots, units: 10n * S, price: 120_000n, on: '2026-06-10', fees: { earlyExitFeeBps: 100, performanceFeeBps: 1000 } });
    // 1% of 1,200,000 gross early; 10% of the 200,000 profit; 5% VAT on both.
    expect(q).toMatchObject({ earlyExitFee: 12_000n, performanceFee: 20_000n, vat: 1_600n, net: 1_200_000n - 33_600n });
  });
});
