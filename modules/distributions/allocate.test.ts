import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLargestRemainder, type Holding } from './allocate';

const uuid = fc.uuid();
const holders = fc.uniqueArray(fc.record({ userId: uuid, units: fc.bigInt({ min: 0n, max: 10n ** 12n }) }), { selector: (h) => h.userId, maxLength: 60 });
const amount = fc.bigInt({ min: 0n, max: 10n ** 13n });

describe('largest-remainder allocation', () => {
  it('lines sum exactly to the amount, none negative, each within one fil of its exact share', () => {
    fc.assert(
      fc.property(holders, amount, (hs, a) => {
        const lines = allocateLargestRemainder(a, hs);
        const total = hs.reduce((s, h) => s + h.units, 0n);
        if (total === 0n) {
          expect(lines).toEqual([]);
          return;
        }
        expect(lines.reduce((s, l) => s + l.amount, 0n)).toBe(a);
        expect(lines.length).toBe(hs.filter((h) => h.units > 0n).length);
        for (const l of lines) {
          expect(l.amount >= 0n).toBe(true);
          // |line − amount × units ÷ total| < 1  ⇔  |line × total − amount × units| < total
          const diff = l.amount * total - a * l.units;
          expect((diff < 0n ? -diff : diff) < total).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('is deterministic whatever the order of the holders', () => {
    fc.assert(
      fc.property(holders, amount, fc.integer(), (hs, a, seed) => {
        const shuffled = [...hs].sort((x, y) => ((x.userId.charCodeAt(seed & 7) ^ seed) % 3) - ((y.userId.charCodeAt(seed & 7) ^ seed) % 3));
        expect(allocateLargestRemainder(a, shuffled)).toEqual(allocateLargestRemainder(a, hs));
      }),
    );
  });

  it('breaks ties by more units first, then the user id', () => {
    const a: Holding = { userId: '00000000-0000-4000-8000-00000000000a', units: 1n };
    const b: Holding = { userId: '00000000-0000-4000-8000-00000000000b', units: 1n };
    const c: Holding = { userId: '00000000-0000-4000-8000-00000000000c', units: 1n };
    // 2 fils over 3 equal holders: the two smallest ids get one each.
    expect(allocateLargestRemainder(2n, [c, b, a]).map((l) => [l.userId.slice(-1), l.amount])).toEqual([
      ['a', 1n],
      ['b', 1n],
      ['c', 0n],
    ]);
    // 10 fils over 3, 3, 1 units: exact shares 4.29, 4.29, 1.43 → 4, 4, 1 and the last fil to the largest remainder (0.43).
    const lines = allocateLargestRemainder(10n, [
      { userId: c.userId, units: 1n },
      { userId: b.userId, units: 3n },
      { userId: a.userId, units: 3n },
    ]);
    expect(lines.map((l) => [l.userId.slice(-1), l.amount])).toEqual([
      ['a', 4n],
      ['b', 4n],
      ['c', 2n],
    ]);
    // 3 fils over 1, 3, 2 units: exact 0.5, 1.5, 1 → the remainders of the 1- and 3-unit holders tie: more units wins.
    const tied = allocateLargestRemainder(3n, [
      { userId: a.userId, units: 1n },
      { userId: b.userId, units: 3n },
      { userId: c.userId, units: 2n },
    ]);
    expect(tied.map((l) => [l.userId.slice(-1), l.amount])).toEqual([
      ['b', 2n],
      ['c', 1n],
      ['a', 0n],
    ]);
  });

  it('pays one holder everything and nobody when nobody holds units', () => {
    expect(allocateLargestRemainder(12_345n, [{ userId: 'x', units: 7n }])).toEqual([{ userId: 'x', units: 7n, amount: 12_345n }]);
    expect(allocateLargestRemainder(100n, [{ userId: 'x', units: 0n }])).toEqual([]);
    expect(() => allocateLargestRemainder(-1n, [{ userId: 'x', units: 1n }])).toThrow(RangeError);
  });
});
