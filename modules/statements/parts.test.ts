import { describe, expect, it } from 'vitest';
import type { Activity, Acquisition } from './activity';
import { platformFeesByProperty, splitByWeights } from './activity';
import { expectedBasis } from './calendar';
import type { PropertyFacts } from './properties';
import { valuationAt } from './properties';
import { bpsOf, xirrOf } from './returns';
import { displayCurrency, holdingsAt, perAed } from './statement';

const property = (over: Partial<PropertyFacts> = {}): PropertyFacts => ({
  id: 'p1',
  reference: 'MZ-1',
  slug: 'p1',
  title: 'Marina Heights',
  status: 'funded',
  totalUnits: 10_000_000n,
  sharePrice: 100_000n,
  valuation: 120_000_000n,
  valuedOn: '2026-10-20',
  annualRent: 6_666_666n,
  serviceCharges: 600_000n,
  maintenanceCosts: 66_666n,
  reserveBps: 1_000,
  history: [
    { on: '2026-08-01', valuation: 110_000_000n },
    { on: '2026-10-20', valuation: 120_000_000n },
  ],
  ...over,
});

const buy = (date: string, units: bigint, cost: bigint, over: Partial<Acquisition> = {}): Acquisition => ({
  propertyId: 'p1',
  date,
  reference: 'MZI-1',
  kind: 'purchase',
  units,
  cost,
  fee: 0n,
  vat: 0n,
  total: cost,
  cancelledOn: null,
  seq: 1n,
  ...over,
});
const activity = (over: Partial<Activity>): Activity => ({ acquisitions: [], sales: [], distributions: [], platformPayments: [], platformCharges: [], platformCollections: [], depositCharges: [], ...over });

describe('splitByWeights', () => {
  it('adds up exactly, the fils left over going to the largest remainders', () => {
    const split = splitByWeights(100n, [
      { key: 'a', weight: 1n },
      { key: 'b', weight: 2n },
      { key: 'c', weight: 3n },
    ]);
    expect([...split.values()].reduce((s, v) => s + v, 0n)).toBe(100n);
    expect(Object.fromEntries(split)).toEqual({ a: 17n, b: 33n, c: 50n });
    expect(splitByWeights(5n, [{ key: 'a', weight: 0n }]).size).toBe(0);
  });

  it('splits each platform fee payment by the accruals of the charge it paid', () => {
    const out = platformFeesByProperty([{ date: '2026-10-01', amount: 1_051n, weights: [{ propertyId: 'p1', weight: 3n }, { propertyId: 'p2', weight: 1n }] }]);
    expect(out).toEqual([
      { propertyId: 'p1', date: '2026-10-01', amount: 788n },
      { propertyId: 'p2', date: '2026-10-01', amount: 263n },
    ]);
  });
});

describe('valuationAt', () => {
  it('takes the valuation in force at the end of the day, or the purchase price before any', () => {
    const p = property();
    expect(valuationAt(p, '2026-09-30')).toEqual({ valuation: 110_000_000n, on: '2026-08-01' });
    expect(valuationAt(p, '2026-10-20')).toEqual({ valuation: 120_000_000n, on: '2026-10-20' });
    expect(valuationAt(p, '2026-07-01')).toEqual({ valuation: 100_000_000n, on: null });
    expect(valuationAt(property({ valuedOn: null, history: [] }), '2020-01-01').valuation).toBe(120_000_000n);
  });
});

describe('holdingsAt', () => {
  it('keeps the FIFO cost of the units left, and forgets cancelled purchases from their cancellation', () => {
    const a = activity({
      acquisitions: [buy('2026-08-05', 20_000n, 200_000n), buy('2026-09-01', 10_000n, 120_000n), buy('2026-09-02', 5_000n, 50_000n, { cancelledOn: '2026-09-03' })],
      sales: [{ propertyId: 'p1', date: '2026-10-15', reference: 'TRD-1', venue: 'pool', units: 25_000n, gross: 0n, cost: 0n, earlyExitFee: 0n, performanceFee: 0n, vat: 0n, net: 0n }],
    });
    expect(holdingsAt(a, '2026-09-02').get('p1')).toEqual({ units: 35_000n, cost: 370_000n });
    expect(holdingsAt(a, '2026-09-30').get('p1')).toEqual({ units: 30_000n, cost: 320_000n });
    // 25,000 sold: the first lot and half the second; 5,000 units left at 60,000.
    expect(holdingsAt(a, '2026-10-31').get('p1')).toEqual({ units: 5_000n, cost: 60_000n });
  });
});

describe('expected income', () => {
  it('uses the last distribution per unit once there is one', () => {
    const b = expectedBasis(property(), 15_000n, { property_id: 'p1', period: '2026-09', amount: '50000', units: '20000' });
    expect(b).toMatchObject({ method: 'last_distribution', perMonth: '37500' });
    expect(b.explanation).toContain('2026-09');
  });

  it("estimates from the property's rent, costs and reserve before the first one, and expects nothing until it is funded", () => {
    // (6,666,666 − 600,000 − 66,666) × 10,000 units ÷ 10,000,000 ÷ 12 × 90% = 450.
    expect(expectedBasis(property(), 10_000n, undefined)).toMatchObject({ method: 'estimate', perMonth: '450' });
    expect(expectedBasis(property({ reserveBps: 0 }), 10_000n, undefined).perMonth).toBe('500');
    expect(expectedBasis(property({ status: 'funding' }), 10_000n, undefined)).toMatchObject({ method: 'none', perMonth: '0' });
    expect(expectedBasis(property({ status: 'exited' }), 10_000n, undefined).explanation).toContain('sold');
    expect(expectedBasis(property({ serviceCharges: 9_000_000n }), 10_000n, undefined).perMonth).toBe('0');
  });
});

describe('returns arithmetic', () => {
  it('gives percentages of what was invested, half to even, and says why there is no XIRR', () => {
    expect(bpsOf(38_472n, 200_000n)).toBe(1924);
    expect(bpsOf(1n, 0n)).toBeNull();
    expect(xirrOf([], 0n, '2026-11-20')).toEqual({ xirrBps: null, xirrReason: 'no_investment', since: null });
    expect(xirrOf([{ date: '2026-11-01', amount: -100n }], 100n, '2026-11-20')).toMatchObject({ xirrReason: 'too_recent', since: '2026-11-01' });
    expect(xirrOf([{ date: '2025-11-20', amount: -1000n }], 1100n, '2026-11-20')).toMatchObject({ xirrBps: 1000, xirrReason: null });
  });
});

describe('display currency', () => {
  it("says which of the platform's rates converted the amounts", () => {
    expect(perAed('USD')).toBe('0.2725');
    expect(perAed('INR')).toBe('22.7520');
    expect(displayCurrency('AED').note).toContain('UAE dirhams');
    expect(displayCurrency('EUR').note).toContain('1 USD = 3.67 AED = 0.93 EUR');
  });
});
