import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_INVESTMENT_FILS } from '../platform/contract';
import { defaultSettings } from '../settings/contract';
import {
  bpsToPercent,
  costOfUnits,
  fundedBps,
  fundingTargetOf,
  parseHundredths,
  propertyInput,
  propertyPatch,
  propertyYields,
  quoteInvestment,
  quoteTermsOf,
  SHARE_SCALE,
  unitsForAmount,
  unitsToShareString,
  type PropertyFinancials,
} from './contract';

// A AED 3,360,000 property: 33,600 shares of AED 100.
const financials: PropertyFinancials = {
  valuation: 330_000_000n,
  fundingTarget: 336_000_000n,
  annualRent: 21_000_000n, // AED 210,000
  occupancyBps: 9_600,
  serviceCharges: 2_698_000n,
  maintenanceCosts: 600_000n,
  managementFeeBps: 500,
};
/** The minimum and platform fee a database never changed reads (the settings' defaults). */
const terms = quoteTermsOf(defaultSettings('2026-01-01'));
const listing = { sharePrice: 10_000n, totalShares: 33_600n * SHARE_SCALE, sharesSold: 0n, financials, terms };
const creditCard = { key: 'credit-card', name: 'Credit card', chargeBps: 250 };

describe('share units', () => {
  it('buys whole units, rounding down, and costs them rounding up', () => {
    expect(unitsForAmount(20_000n, 10_000n)).toBe(20_000n); // AED 200 at AED 100 = 2 shares
    expect(unitsForAmount(12_345n, 10_000n)).toBe(12_345n); // 1.2345 shares
    expect(unitsForAmount(100n, 30_000n)).toBe(33n); // AED 1 at AED 300: 0.0033 shares
    expect(costOfUnits(33n, 30_000n)).toBe(99n);
    expect(costOfUnits(34n, 30_000n)).toBe(102n); // 101.99 fils → 102
    expect(unitsToShareString(123_456n)).toBe('12.3456');
    expect(unitsToShareString(50_000n)).toBe('5');
    expect(unitsToShareString(12_345_000_000n)).toBe('1,234,500');
    expect(fundedBps(1n, 3n)).toBe(3333);
    expect(fundedBps(5n, 5n)).toBe(10_000);
    expect(fundingTargetOf(333n, 1n)).toBeNull();
    expect(fundingTargetOf(10_000n, 15n * SHARE_SCALE)).toBe(150_000n);
  });

  it('never charges less than the units are worth, nor more than the amount asked', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10_000_000_000n }), fc.bigInt({ min: 100n, max: 100_000_000n }), (amount, price) => {
        const units = unitsForAmount(amount, price);
        const cost = costOfUnits(units, price);
        expect(cost).toBeLessThanOrEqual(amount);
        expect(cost * SHARE_SCALE).toBeGreaterThanOrEqual(units * price);
        // One more unit would not fit.
        expect(((units + 1n) * price) / SHARE_SCALE).toBeGreaterThanOrEqual(amount - 1n);
      }),
    );
  });

  it('writes basis points as percentages without floats', () => {
    expect(bpsToPercent(50)).toBe('0.5');
    expect(bpsToPercent(636)).toBe('6.36');
    expect(bpsToPercent(636, 1)).toBe('6.4');
    expect(bpsToPercent(700)).toBe('7');
    expect(bpsToPercent(-25)).toBe('-0.25');
    expect(parseHundredths('142.35')).toBe(14_235n);
    expect(parseHundredths('1,850')).toBe(185_000n);
    expect(parseHundredths('1.234')).toBeNull();
  });
});

describe('yields', () => {
  it('derives gross yield on value and net yield on what investors paid', () => {
    const y = propertyYields(financials);
    expect(y.collectedRent).toBe(20_160_000n);
    expect(y.managementFee).toBe(1_008_000n);
    expect(y.netIncome).toBe(20_160_000n - 1_008_000n - 2_698_000n - 600_000n);
    expect(y.grossYieldBps).toBe(636); // 210,000 / 3,300,000
    expect(y.netYieldBps).toBe(472); // 158,540 / 3,360,000
  });

  it('never reports negative income', () => {
    const y = propertyYields({ ...financials, serviceCharges: 50_000_000n });
    expect(y.netIncome).toBe(0n);
    expect(y.netYieldBps).toBe(0);
  });
});

describe('quoteInvestment', () => {
  it('turns AED 1,000 by credit card into shares, fees with VAT, and an all-in cost', () => {
    const q = quoteInvestment({ ...listing, amountFils: 100_000n, method: creditCard });
    expect(q.units).toBe(100_000n); // 10 shares
    expect(q.principal).toBe(100_000n);
    expect(q.fees).toEqual([expect.objectContaining({ key: 'transaction', amount: 2_500n })]);
    expect(q.fees[0].label).toMatch(/Credit card, 2\.5%/);
    expect(q.vat).toBe(125n); // 5% of the fee
    expect(q.total).toBe(102_625n);
    expect(q.annualFees).toEqual([expect.objectContaining({ key: 'platform', amount: 500n })]); // 0.5% a year
    expect(q.annualFeesVat).toBe(25n);
    expect(q.problem).toBeNull();
  });

  it('states the first-year net yield after every fee, below the property’s own net yield', () => {
    const q = quoteInvestment({ ...listing, amountFils: 100_000n, method: creditCard });
    // Income: 10 of 33,600 shares of AED 158,540 = 4,718.45 fils; minus 525 fils platform fee with VAT; over 102,625 fils.
    expect(q.annualIncome).toBe(4_718n);
    expect(q.netYieldBps).toBe(409);
    expect(q.netYieldBps).toBeLessThan(q.propertyNetYieldBps);
    // Paid from the wallet: no transaction charge, a better yield.
    const wallet = quoteInvestment({ ...listing, amountFils: 100_000n });
    expect(wallet.fees).toEqual([]);
    expect(wallet.vat).toBe(0n);
    expect(wallet.total).toBe(100_000n);
    expect(wallet.netYieldBps).toBeGreaterThan(q.netYieldBps);
  });

  it('keeps what cannot buy a whole unit in the wallet', () => {
    const q = quoteInvestment({ ...listing, sharePrice: 30_000n, totalShares: 11_200n * SHARE_SCALE, amountFils: 20_001n });
    expect(q.units).toBe(6_667n);
    expect(q.principal).toBe(20_001n);
    const r = quoteInvestment({ ...listing, sharePrice: 30_000n, totalShares: 11_200n * SHARE_SCALE, amountFils: 20_002n });
    expect(r.principal).toBeLessThanOrEqual(20_002n);
  });

  it('flags amounts under AED 200 and over what is left', () => {
    expect(quoteInvestment({ ...listing, amountFils: MIN_INVESTMENT_FILS - 1n }).problem).toBe('below_minimum');
    expect(quoteInvestment({ ...listing, amountFils: MIN_INVESTMENT_FILS }).problem).toBeNull();
    expect(quoteInvestment({ ...listing, amountFils: 0n }).problem).toBe('not_a_positive_amount');
    const nearlyFull = { ...listing, sharesSold: listing.totalShares - 10_000n }; // one share left
    expect(quoteInvestment({ ...nearlyFull, amountFils: 20_000n }).problem).toBe('exceeds_available');
    expect(quoteInvestment({ ...nearlyFull, amountFils: 20_000n }).availableUnits).toBe(10_000n);
  });

  it('adds up: total = principal + fees + VAT, for any amount and method', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 20_000n, max: 1_000_000_000n }), fc.integer({ min: 0, max: 250 }), (amount, bps) => {
        const q = quoteInvestment({ ...listing, amountFils: amount, method: { key: 'm', name: 'Method', chargeBps: bps } });
        const fees = q.fees.reduce((s, f) => s + f.amount, 0n);
        expect(q.total).toBe(q.principal + fees + q.vat);
        expect(q.principal).toBeLessThanOrEqual(amount);
      }),
    );
  });
});

describe('input schemas', () => {
  const valid = {
    title: 'Marina two-bedroom',
    community: 'Dubai Marina',
    city: 'Dubai',
    propertyType: 'apartment',
    bedrooms: 2,
    bathrooms: 2,
    sizeSqft: 1200,
    sharePrice: 10_000,
    totalShares: '336000000',
    purchasePrice: '315000000',
    valuation: '330000000',
    annualRent: '21000000',
  };
  it('accepts fils as integers or digit strings and fills defaults', () => {
    const r = propertyInput.parse(valid);
    expect(r.sharePrice).toBe(10_000n);
    expect(r.occupancyBps).toBe(10_000);
    expect(r.features).toEqual([]);
  });
  it('refuses floats, negative amounts and targets that are not whole fils', () => {
    expect(propertyInput.safeParse({ ...valid, annualRent: 1.5 }).success).toBe(false);
    expect(propertyInput.safeParse({ ...valid, valuation: '-1' }).success).toBe(false);
    const r = propertyInput.safeParse({ ...valid, sharePrice: 333, totalShares: '1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].path).toEqual(['totalShares']);
  });
  it('patches leave out what is not sent (no defaults)', () => {
    expect(propertyPatch.parse({ title: 'New title' })).toEqual({ title: 'New title' });
  });
});
