import { describe, expect, it } from 'vitest';
import { paymentPosting, runPosting, type RunPostingLine } from './postings';

const line = (o: Partial<RunPostingLine>): RunPostingLine => ({ costCenter: 'OPS', basic: 0n, allowances: 0n, overtime: 0n, bonus: 0n, deductions: 0n, gratuityAccrual: 0n, gratuityPayout: 0n, net: 0n, ...o });
const flat = (e: ReturnType<typeof runPosting>) => e.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n, l.costCenter ?? null]);

describe('payroll run journal', () => {
  const cases: { name: string; lines: RunPostingLine[]; expected: (string | bigint | null)[][] }[] = [
    {
      name: 'two cost centers, a deduction and accruals',
      lines: [
        line({ costCenter: 'TECH', basic: 1_000_000n, allowances: 400_000n, overtime: 50_000n, deductions: 20_000n, gratuityAccrual: 60_000n, net: 1_430_000n }),
        line({ costCenter: 'OPS', basic: 500_000n, allowances: 200_000n, bonus: 10_000n, gratuityAccrual: 30_000n, net: 710_000n }),
      ],
      expected: [
        ['6110', 510_000n, 0n, 'OPS'],
        ['6120', 200_000n, 0n, 'OPS'],
        ['6110', 1_050_000n, 0n, 'TECH'],
        ['6120', 400_000n, 0n, 'TECH'],
        ['2530', 0n, 20_000n, null],
        ['2510', 0n, 2_140_000n, null],
        ['6130', 30_000n, 0n, 'OPS'],
        ['2520', 0n, 30_000n, null],
        ['6130', 60_000n, 0n, 'TECH'],
        ['2520', 0n, 60_000n, null],
      ],
    },
    {
      name: 'a final settlement paid out and a released provision',
      lines: [line({ basic: 300_000n, allowances: 100_000n, gratuityPayout: 2_000_000n, gratuityAccrual: -50_000n, net: 2_400_000n })],
      expected: [
        ['6110', 300_000n, 0n, 'OPS'],
        ['6120', 100_000n, 0n, 'OPS'],
        ['2520', 2_000_000n, 0n, null],
        ['2510', 0n, 2_400_000n, null],
        ['2520', 50_000n, 0n, null],
        ['6130', 0n, 50_000n, 'OPS'],
      ],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const entry = runPosting({ id: 'run-1', period: '2026-03', date: '2026-03-31', authorId: null, lines: c.lines });
      expect(flat(entry)).toEqual(c.expected);
      expect(entry.source).toEqual({ module: 'payroll.run', id: 'run-1' });
      const dr = entry.lines.reduce((s, l) => s + (l.debit ?? 0n), 0n);
      const cr = entry.lines.reduce((s, l) => s + (l.credit ?? 0n), 0n);
      expect(dr).toBe(cr);
    });
  }

  it('refuses a negative net', () => {
    expect(() => runPosting({ id: 'x', period: '2026-03', date: '2026-03-31', authorId: null, lines: [line({ basic: 1n, net: -1n })] })).toThrow(RangeError);
  });

  it('pays net salaries from the bank', () => {
    const e = paymentPosting({ runId: 'run-1', period: '2026-03', date: '2026-03-28', net: 2_140_000n, bankLedgerCode: '1110', authorId: null });
    expect(e.lines.map((l) => [l.accountCode, l.debit ?? 0n, l.credit ?? 0n])).toEqual([
      ['2510', 2_140_000n, 0n],
      ['1110', 0n, 2_140_000n],
    ]);
    expect(e.source).toEqual({ module: 'payroll.payment', id: 'run-1' });
  });
});
