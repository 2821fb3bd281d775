import { describe, expect, it } from 'vitest';
import { fifoCost, averageCost, receiptValue, unitCostOf } from './costing';
import { movePosting, type MoveDocument, type MoveLocation } from './postings';

const store: MoveLocation = { code: 'WH-AQ', kind: 'warehouse', property: null };
const bin: MoveLocation = { code: 'WH-AQ-A1', kind: 'bin', property: null };
const home: MoveLocation = { code: 'MZ-DXB-001', kind: 'property', property: 'MZ-DXB-001' };
const job: MoveLocation = { code: 'JOB-7', kind: 'maintenance_job', property: 'MZ-DXB-002' };
const jobNoProperty: MoveLocation = { code: 'JOB-8', kind: 'maintenance_job', property: null };

const doc = (over: Partial<MoveDocument>): MoveDocument => ({
  id: 'm1',
  number: 'SM-000001',
  type: 'receipt',
  date: '2026-03-10',
  authorId: null,
  item: { sku: 'APP-AC', name: 'Split AC unit' },
  quantity: 2000n,
  value: 380_000n,
  from: null,
  to: store,
  ...over,
});
const lines = (d: MoveDocument) => movePosting(d)?.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n, l.property ?? null]) ?? null;

describe('movePosting', () => {
  it.each([
    ['receipt against an order', doc({ creditAccountCode: '2330' }), [['1810', 380_000n, 0n, null], ['2330', 0n, 380_000n, null]]],
    ['receipt on credit', doc({ creditAccountCode: '2310' }), [['1810', 380_000n, 0n, null], ['2310', 0n, 380_000n, null]]],
    ['receipt paid from the bank', doc({ creditAccountCode: '1110' }), [['1810', 380_000n, 0n, null], ['1110', 0n, 380_000n, null]]],
    ['issue to a property', doc({ type: 'issue', from: bin, to: home }), [['1720', 380_000n, 0n, 'MZ-DXB-001'], ['1810', 0n, 380_000n, null]]],
    ['issue to a job for a property', doc({ type: 'issue', from: store, to: job }), [['5120', 380_000n, 0n, 'MZ-DXB-002'], ['1810', 0n, 380_000n, null]]],
    ['issue to a job without a property', doc({ type: 'issue', from: store, to: jobNoProperty }), [['5120', 380_000n, 0n, null], ['1810', 0n, 380_000n, null]]],
    ['transfer into a property', doc({ type: 'transfer', from: store, to: home }), [['1720', 380_000n, 0n, 'MZ-DXB-001'], ['1810', 0n, 380_000n, null]]],
    ['transfer between store locations', doc({ type: 'transfer', from: store, to: bin }), null],
    ['stock found at a count', doc({ type: 'adjustment', to: bin }), [['1810', 380_000n, 0n, null], ['5520', 0n, 380_000n, null]]],
    ['stock missing at a count', doc({ type: 'adjustment', quantity: -2000n, from: bin, to: null }), [['5520', 380_000n, 0n, null], ['1810', 0n, 380_000n, null]]],
    ['a move of no value', doc({ value: 0n, creditAccountCode: '2310' }), null],
  ])('%s', (_name, d, expected) => {
    expect(lines(d)).toEqual(expected);
  });

  it('is idempotent by its source and dated on the move', () => {
    expect(movePosting(doc({ creditAccountCode: '2330' }))).toMatchObject({ date: '2026-03-10', source: { module: 'inventory.move', id: 'm1' } });
  });

  it('refuses a receipt without its credit account and a negative value', () => {
    expect(() => movePosting(doc({}))).toThrow(RangeError);
    expect(() => movePosting(doc({ value: -1n, creditAccountCode: '2310' }))).toThrow(RangeError);
  });
});

describe('costing', () => {
  it('values receipts and unit costs half-even', () => {
    expect(receiptValue(2500n, 1_001n)).toBe(2502n); // 2.5 × 10.01 = 25.025 → 25.02
    expect(receiptValue(1500n, 1_001n)).toBe(1502n); // 1.5 × 10.01 = 15.015 → 15.02
    expect(unitCostOf(3000n, 1000n)).toBe(333n);
    expect(unitCostOf(0n, 0n)).toBeNull();
  });

  it('takes the whole balance exactly and a part at the average', () => {
    expect(averageCost({ quantity: 3000n, value: 1000n }, 3000n)).toBe(1000n);
    expect(averageCost({ quantity: 3000n, value: 1000n }, 1000n)).toBe(333n);
    expect(() => averageCost({ quantity: 1000n, value: 1n }, 2000n)).toThrow(RangeError);
  });

  it('consumes FIFO layers oldest first, splitting the last one', () => {
    const layers = [
      { id: 'a', quantity: 2000n, value: 800_000n },
      { id: 'b', quantity: 3000n, value: 1_350_000n },
    ];
    expect(fifoCost(layers, 3000n)).toEqual({
      cost: 1_250_000n,
      updates: [
        { id: 'a', quantity: 0n, value: 0n },
        { id: 'b', quantity: 2000n, value: 900_000n },
      ],
    });
    expect(() => fifoCost(layers, 6000n)).toThrow(RangeError);
  });
});
