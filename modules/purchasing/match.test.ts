import { describe, expect, it } from 'vitest';
import { threeWayMatch, type MatchLine } from './match';

const line = (over: Partial<MatchLine> = {}): MatchLine => ({ lineNo: 1, poLineNo: 1, quantity: 3000n, unitPrice: 10_000n, received: 3000n, billedBefore: 0n, orderUnitPrice: 10_000n, ...over });

describe('three-way match', () => {
  it.each<[string, Partial<MatchLine>, string[]]>([
    ['billed what was received at the order price', {}, []],
    ['billed less than received', { quantity: 1000n }, []],
    ['price up exactly at the 2% tolerance', { unitPrice: 10_200n }, []],
    ['price down exactly at the tolerance', { unitPrice: 9_800n }, []],
    ['price 1 fil past the tolerance', { unitPrice: 10_201n }, ['price']],
    ['more than received', { quantity: 4000n }, ['quantity']],
    ['partly billed before', { billedBefore: 2500n, quantity: 1000n }, ['quantity']],
    ['nothing received', { received: 0n }, ['quantity']],
    ['both wrong', { quantity: 3500n, unitPrice: 12_000n }, ['quantity', 'price']],
  ])('%s', (_n, over, kinds) => {
    expect(threeWayMatch([line(over)], 200n).map((m) => m.kind)).toEqual(kinds);
  });

  it('explains each difference: line, what differs and by how much', () => {
    const [q, p] = threeWayMatch([line({ lineNo: 2, poLineNo: 1, quantity: 5000n, unitPrice: 10_500n })], 200n);
    expect(q).toMatchObject({ lineNo: 2, poLineNo: 1, kind: 'quantity', expected: '3', actual: '5', difference: '2' });
    expect(q!.message).toBe('Line 2 bills 5 of order line 1, but only 3 received is not yet billed: 2 more than received.');
    expect(p).toMatchObject({ kind: 'price', expected: '10000', actual: '10500', difference: '500', differenceBps: 500 });
    expect(p!.message).toContain('5.00%');
    expect(p!.message).toContain('above');
  });

  it('two bill lines drawing on one order line share what was received', () => {
    const m = threeWayMatch([line({ quantity: 2000n }), line({ lineNo: 2, quantity: 2000n })], 200n);
    expect(m.map((x) => [x.lineNo, x.kind, x.expected])).toEqual([[2, 'quantity', '1']]);
  });
});
