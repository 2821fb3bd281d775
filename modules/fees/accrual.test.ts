import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '@modules/platform/dates';
import { accrueProperty, accrueWindow, dailyAccrualMicro, daysInYear, feeExplanation, firstHoldingDay, holdingAccrualMicro, settleCharge, vatOn, windowLabel, type PropertyHolding } from './accrual';

/** A property of 1,000 shares (10,000,000 units) valued AED 1,000,000; 120 shares are worth AED 120,000. */
const TOTAL = 10_000_000n;
const VALUATION = 100_000_000n;
const SHARES_120 = 1_200_000n;
const holding = (patch: Partial<PropertyHolding> = {}): PropertyHolding => ({
  propertyId: 'p1',
  reference: 'MZ-DXB-001',
  title: 'Marina Gate',
  totalUnits: TOTAL,
  fallbackValuation: VALUATION,
  valuations: [],
  changes: [{ date: '2026-01-01', delta: SHARES_120 }],
  ...patch,
});
/** AED 120,000 a day at 0.5% a year: 164.3835616… fils = 164,383,562 micro-fils in a 365-day year. */
const DAY_120K = 164_383_562n;

describe('daily accrual', () => {
  it('is value × 50 × 10^6 ÷ (10,000 × days in the year), half-even, with 366 days in leap years', () => {
    expect(daysInYear('2026-06-01')).toBe(365);
    expect(daysInYear('2028-02-29')).toBe(366);
    expect(daysInYear('2100-01-01')).toBe(365);
    expect(daysInYear('2000-01-01')).toBe(366);
    expect(dailyAccrualMicro(12_000_000n, '2026-11-01')).toBe(DAY_120K);
    // 6 × 10^14 ÷ 3,660,000 = 163,934,426.2…
    expect(dailyAccrualMicro(12_000_000n, '2028-11-01')).toBe(163_934_426n);
    // The exact value (valuation × units ÷ total) gives the same when the value is a whole number of fils.
    expect(holdingAccrualMicro(VALUATION, SHARES_120, TOTAL, '2026-11-01')).toBe(DAY_120K);
    expect(holdingAccrualMicro(VALUATION, 0n, TOTAL, '2026-11-01')).toBe(0n);
  });

  it('charges a month by the hand calculation: AED 49.32 + VAT AED 2.47 on AED 120,000 for November', () => {
    const w = accrueWindow([holding()], '2026-11-01', '2026-11-30');
    expect(w.days).toBe(30);
    expect(w.accruedMicro).toBe(30n * DAY_120K); // 4,931,506,860 micro-fils = 4,931.5 fils
    expect(w.averageValue).toBe(12_000_000n);
    const { fee, carryOutMicro } = settleCharge(0n, w.accruedMicro);
    expect(fee).toBe(4_932n);
    expect(carryOutMicro).toBe(30n * DAY_120K - 4_932_000_000n);
    expect(vatOn(fee)).toBe(247n); // 246.6 → 247
    expect(feeExplanation({ fromDate: w.fromDate, through: w.through, days: w.days, averageValue: w.averageValue, fee, vat: vatOn(fee) })).toBe(
      'Platform fee 0.5% a year on AED 120,000.00 average value, 1–30 Nov 2026 (30 days): AED 49.32 + VAT AED 2.47',
    );
  });

  it('accrues across a month end the same as the two months apart', () => {
    const across = accrueWindow([holding()], '2026-10-20', '2026-11-10');
    expect(across.days).toBe(22);
    expect(across.accruedMicro).toBe(22n * DAY_120K);
    const oct = accrueWindow([holding()], '2026-10-20', '2026-10-31');
    const nov = accrueWindow([holding()], '2026-11-01', '2026-11-10');
    expect(oct.accruedMicro + nov.accruedMicro).toBe(across.accruedMicro);
  });

  it('counts the leap day, and switches to 366 days on 1 January of a leap year', () => {
    const h = holding({ changes: [{ date: '2027-06-01', delta: SHARES_120 }] });
    const leap = accrueWindow([h], '2028-02-27', '2028-03-02');
    expect(leap.days).toBe(5); // 27, 28, 29 Feb, 1, 2 Mar
    expect(leap.accruedMicro).toBe(5n * 163_934_426n);
    const newYear = accrueWindow([h], '2027-12-30', '2028-01-02');
    expect(newYear.accruedMicro).toBe(2n * DAY_120K + 2n * 163_934_426n);
    expect(windowLabel('2027-12-30', '2028-01-02')).toBe('30 Dec 2027 – 2 Jan 2028');
  });

  it('takes a new valuation from its day on: AED 120,000 for 15 days, then AED 132,000', () => {
    const h = holding({ valuations: [{ on: '2025-12-01', valuation: VALUATION }, { on: '2026-11-16', valuation: 110_000_000n }] });
    const w = accrueWindow([h], '2026-11-01', '2026-11-30');
    // 13,200,000 × 50 × 10^6 ÷ 3,650,000 = 180,821,917.8…
    expect(w.accruedMicro).toBe(15n * DAY_120K + 15n * 180_821_918n);
    expect(w.averageValue).toBe(12_600_000n); // (15 × 120,000 + 15 × 132,000) ÷ 30
    expect(w.properties[0]).toMatchObject({ days: 30, averageValue: 12_600_000n });
    // Before the first valuation on record, the property's valuation applies.
    const early = holding({ valuations: [{ on: '2026-11-16', valuation: 110_000_000n }] });
    expect(accrueWindow([early], '2026-11-01', '2026-11-15').accruedMicro).toBe(15n * DAY_120K);
  });

  it('follows units bought and sold inside the window: none after everything is sold', () => {
    const h = holding({
      changes: [
        { date: '2026-10-01', delta: SHARES_120 },
        { date: '2026-11-11', delta: 600_000n },
        { date: '2026-11-21', delta: -1_800_000n },
      ],
    });
    const w = accrueWindow([h], '2026-11-01', '2026-11-30');
    // 18,000,000 fils a day: 246,575,342.46… micro-fils.
    expect(w.accruedMicro).toBe(10n * DAY_120K + 10n * 246_575_342n);
    expect(w.properties[0]!.days).toBe(20);
    expect(w.properties[0]!.averageValue).toBe(15_000_000n);
    expect(w.averageValue).toBe(10_000_000n); // (10 × 120,000 + 10 × 180,000) ÷ 30 days of the window
    expect(accrueWindow([h], '2026-11-21', '2026-11-30').properties).toEqual([]);
    expect(firstHoldingDay([h])).toBe('2026-10-01');
    expect(firstHoldingDay([holding({ changes: [] })])).toBeNull();
  });

  it('adds several properties into one charge, each with its own calculation', () => {
    const second = holding({ propertyId: 'p2', reference: 'MZ-AUH-002', title: 'Saadiyat', totalUnits: 5_000_000n, fallbackValuation: 50_000_000n, changes: [{ date: '2026-11-15', delta: 500_000n }] });
    const w = accrueWindow([holding(), second], '2026-11-01', '2026-11-30');
    expect(w.properties.map((p) => [p.reference, p.days])).toEqual([
      ['MZ-DXB-001', 30],
      ['MZ-AUH-002', 16],
    ]);
    // AED 50,000 a day: 68,493,150.68… micro-fils.
    expect(w.properties[1]!.accruedMicro).toBe(16n * 68_493_151n);
    expect(w.accruedMicro).toBe(30n * DAY_120K + 16n * 68_493_151n);
  });

  it('carries the rounding, so daily charges of a tiny holding add up to the yearly fee to the fil', () => {
    // AED 100 a year at 0.5% is 50 fils; each day alone is 0.137 fil and would round to nothing.
    const h = holding({ totalUnits: TOTAL, fallbackValuation: 10_000n, changes: [{ date: '2025-12-31', delta: TOTAL }] });
    expect(accrueWindow([h], '2026-01-01', '2026-01-01').accruedMicro).toBe(136_986n);
    let carry = 0n;
    let charged = 0n;
    for (let d = '2026-01-01'; d <= '2026-12-31'; d = addDays(d, 1)) {
      const { fee, carryOutMicro } = settleCharge(carry, accrueWindow([h], d, d).accruedMicro);
      charged += fee;
      carry = carryOutMicro;
    }
    const once = settleCharge(0n, accrueWindow([h], '2026-01-01', '2026-12-31').accruedMicro);
    expect(charged).toBe(50n);
    expect(once.fee).toBe(50n);
  });
});

describe('properties of the accrual', () => {
  const dayArb = fc.integer({ min: 0, max: 1500 }).map((n) => addDays('2026-01-01', n));
  const holdingArb = fc
    .record({
      total: fc.bigInt({ min: 10_000n, max: 100_000_000n }),
      valuation: fc.bigInt({ min: 1n, max: 100_000_000_000n }),
      valuations: fc.array(fc.tuple(dayArb, fc.bigInt({ min: 1n, max: 100_000_000_000n })), { maxLength: 4 }),
      changes: fc.array(fc.tuple(dayArb, fc.bigInt({ min: -5_000n, max: 50_000n })), { minLength: 1, maxLength: 6 }),
    })
    .map(({ total, valuation, valuations, changes }) => {
      // Units never go below zero: a sale takes at most what is held.
      let units = 0n;
      const sorted = [...changes].sort((a, b) => a[0].localeCompare(b[0]));
      const deltas = sorted.map(([date, d]) => {
        const delta = d < 0n && -d > units ? -units : d;
        units += delta;
        return { date, delta };
      });
      const byDay = new Map(valuations.map(([on, v]) => [on, v]));
      return holding({ totalUnits: total, fallbackValuation: valuation, valuations: [...byDay].sort((a, b) => a[0].localeCompare(b[0])).map(([on, v]) => ({ on, valuation: v })), changes: deltas });
    });

  it('walking segments equals summing every day on its own', () => {
    fc.assert(
      fc.property(holdingArb, dayArb, fc.integer({ min: 0, max: 120 }), (h, from, length) => {
        const through = addDays(from, length);
        let sum = 0n;
        for (let d = from; d <= through; d = addDays(d, 1)) {
          let units = 0n;
          for (const c of h.changes) if (c.date <= d) units += c.delta;
          let valuation = h.fallbackValuation;
          for (const v of h.valuations) if (v.on <= d) valuation = v.valuation;
          sum += holdingAccrualMicro(valuation, units, h.totalUnits, d);
        }
        expect(accrueProperty(h, from, through).accruedMicro).toBe(sum);
      }),
      { numRuns: 150 },
    );
  });

  it('a window split in consecutive charges accrues the same, and the carried fees differ from one charge by at most a fil', () => {
    fc.assert(
      fc.property(holdingArb, dayArb, fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 8 }), (h, from, lengths) => {
        let start = from;
        let carry = 0n;
        let fees = 0n;
        let accrued = 0n;
        for (const n of lengths) {
          const end = addDays(start, n - 1);
          const a = accrueWindow([h], start, end).accruedMicro;
          const s = settleCharge(carry, a);
          expect(s.fee).toBeGreaterThanOrEqual(0n);
          expect(s.carryOutMicro <= 500_000n && s.carryOutMicro >= -500_000n).toBe(true);
          accrued += a;
          fees += s.fee;
          carry = s.carryOutMicro;
          start = addDays(end, 1);
        }
        const whole = accrueWindow([h], from, addDays(start, -1));
        expect(whole.accruedMicro).toBe(accrued);
        expect(whole.days).toBe(daysBetween(from, start));
        // Nothing is lost: what was charged plus what is carried is exactly what accrued.
        expect(fees * 1_000_000n + carry).toBe(accrued);
        const once = settleCharge(0n, accrued).fee;
        expect(fees - once <= 1n && once - fees <= 1n).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('VAT is 5% of the fee to the nearest fil (half to even)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (fee) => {
        const vat = vatOn(fee);
        const exact20 = fee; // 20 × VAT should be within 10 of the fee
        expect(vat * 20n - exact20 <= 10n && exact20 - vat * 20n <= 10n).toBe(true);
      }),
    );
    expect(vatOn(10n)).toBe(0n); // 0.5 → 0 (even)
    expect(vatOn(30n)).toBe(2n); // 1.5 → 2 (even)
  });
});
