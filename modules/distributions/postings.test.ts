import { describe, expect, it } from 'vitest';
import { recordPosting, runPosting } from './postings';

const property = { reference: 'MZ-DXB-001', title: 'Marina Gate' };
const side = (e: ReturnType<typeof runPosting>) => e.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n]);
const balanced = (e: ReturnType<typeof runPosting>) => e.lines.reduce((s, l) => s + (l.debit ?? 0n) - (l.credit ?? 0n), 0n) === 0n;

describe('distribution postings', () => {
  it.each([
    ['rent', [['1140', 500_000n, 0n], ['4200', 0n, 500_000n]]],
    ['service_charges', [['5110', 500_000n, 0n], ['1140', 0n, 500_000n]]],
    ['maintenance', [['5120', 500_000n, 0n], ['1140', 0n, 500_000n]]],
    ['management', [['5130', 500_000n, 0n], ['1140', 0n, 500_000n]]],
    ['insurance', [['5140', 500_000n, 0n], ['1140', 0n, 500_000n]]],
    ['vacancy', [['5150', 500_000n, 0n], ['1140', 0n, 500_000n]]],
  ] as const)('a %s record posts to its accounts on the property', (kind, expected) => {
    const e = recordPosting({ id: 'r1', number: 'REC-000001', kind, amount: 500_000n, period: '2026-03', date: '2026-03-31', description: 'March', property, authorId: null });
    expect(side(e)).toEqual(expected);
    expect(e.lines.every((l) => l.property === 'MZ-DXB-001')).toBe(true);
    expect(e.source).toEqual({ module: 'distributions.record', id: 'r1' });
    expect(e.date).toBe('2026-03-31');
  });

  it('a paid run: Dr 3300 amount + reserve; Cr holders net, 1310 netted, 4920 the pool, 2210 reserve; cash Dr 1120 / 1110, Cr 1140', () => {
    const e = runPosting({
      id: 'run1',
      number: 'DIST-000007',
      period: '2026-03',
      date: '2026-04-02',
      reserve: 10_000n,
      property,
      authorId: 'admin',
      lines: [
        { kind: 'investor', accountCode: '2100-A', unicode: 'MZ-A', amount: 60_000n, netted: 0n },
        { kind: 'investor', accountCode: '2100-B', unicode: 'MZ-B', amount: 30_000n, netted: 1_250n },
        { kind: 'investor', accountCode: '2100-C', unicode: 'MZ-C', amount: 500n, netted: 500n },
        { kind: 'pool', amount: 9_500n },
      ],
    });
    expect(side(e)).toEqual([
      ['3300', 110_000n, 0n],
      ['2100-A', 0n, 60_000n],
      ['2100-B', 0n, 28_750n],
      ['1310', 0n, 1_750n],
      ['4920', 0n, 9_500n],
      ['2210', 0n, 10_000n],
      ['1120', 90_500n, 0n],
      ['1110', 9_500n, 0n],
      ['1140', 0n, 100_000n],
    ]);
    expect(balanced(e)).toBe(true);
    expect(e.lines.every((l) => l.property === 'MZ-DXB-001')).toBe(true);
    expect(e.source).toEqual({ module: 'distributions.run', id: 'run1' });
  });

  it('without a reserve, fees or pool only the holders and the cash legs remain; zero lines are left out', () => {
    const e = runPosting({
      id: 'run2',
      number: 'DIST-000008',
      period: '2026-03',
      date: '2026-04-02',
      reserve: 0n,
      property,
      authorId: null,
      lines: [
        { kind: 'investor', accountCode: '2100-A', unicode: 'MZ-A', amount: 3n, netted: 0n },
        { kind: 'investor', accountCode: '2100-B', unicode: 'MZ-B', amount: 0n, netted: 0n },
      ],
    });
    expect(side(e)).toEqual([
      ['3300', 3n, 0n],
      ['2100-A', 0n, 3n],
      ['1120', 3n, 0n],
      ['1140', 0n, 3n],
    ]);
  });

  it('refuses nothing to pay and netting beyond a line', () => {
    const base = { id: 'x', number: 'DIST-1', period: '2026-03', date: '2026-04-01', reserve: 0n, property, authorId: null };
    expect(() => runPosting({ ...base, lines: [] })).toThrow(RangeError);
    expect(() => runPosting({ ...base, lines: [{ kind: 'investor', accountCode: '2100-A', unicode: 'A', amount: 5n, netted: 6n }] })).toThrow(RangeError);
  });
});
