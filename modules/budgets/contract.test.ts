import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustByBps, formatFils, isFavourable, parseAedAmount, parseBudgetCsv, percentToBps, variancePercent } from './contract';

const fils = (s: string) => {
  const r = parseAedAmount(s);
  if (!r.ok) throw new Error(r.message);
  return r.fils;
};

describe('AED amounts as bigint fils', () => {
  it('parses what people type, without floats', () => {
    expect(fils('12500')).toBe(1_250_000n);
    expect(fils('12,500.5')).toBe(1_250_050n);
    expect(fils(' 0.07 ')).toBe(7n);
    expect(fils('AED 1,000')).toBe(100_000n);
    expect(fils('-250.25')).toBe(-25_025n);
    expect(fils('(1,200.00)')).toBe(-120_000n);
    expect(fils('')).toBe(0n);
    // Float traps are exact: 0.29 × 100 is 28.999… in floating point.
    expect(fils('0.29')).toBe(29n);
    expect(fils('9,999,999,999,999.99')).toBe(999_999_999_999_999n);
  });

  it('refuses a third decimal, misplaced commas and words instead of guessing', () => {
    for (const bad of ['12.345', '1,20,000', '12a', '1.2.3', 'abc', '--5', '10,00']) expect(parseAedAmount(bad).ok, bad).toBe(false);
    expect(parseAedAmount('10000000000001').ok).toBe(false); // above AED 10 trillion
  });

  it('formats fils back to the same text it parses', () => {
    expect(formatFils(1_250_050n)).toBe('12,500.50');
    expect(formatFils(-5n)).toBe('-0.05');
    expect(formatFils(1_250_050n, { grouping: false })).toBe('12500.50');
    expect(formatFils(1_250_050n, { decimals: 0 })).toBe('12,500');
    expect(formatFils(1_250_150n, { decimals: 0 })).toBe('12,502');
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (v) => {
        expect(fils(formatFils(v))).toBe(v);
        expect(fils(formatFils(v, { grouping: false }))).toBe(v);
      }),
    );
  });
});

describe('adjusting by a percentage', () => {
  it('reads percentages as exact basis points within −100% … +1000%', () => {
    expect(percentToBps('5')).toBe(500n);
    expect(percentToBps('-2.5')).toBe(-250n);
    expect(percentToBps('12.25')).toBe(1225n);
    expect(percentToBps('1000')).toBe(100_000n);
    expect(percentToBps('-100')).toBe(-10_000n);
    for (const bad of ['1.234', '1001', '-100.01', 'five', '', '5%']) expect(percentToBps(bad), bad).toBeNull();
  });

  it('rounds half to even, once per amount', () => {
    expect(adjustByBps(10n, 500n)).toBe(10n); // 10.5 → 10
    expect(adjustByBps(30n, 500n)).toBe(32n); // 31.5 → 32
    expect(adjustByBps(-10n, 500n)).toBe(-10n); // −10.5 → −10
    expect(adjustByBps(1001n, 500n)).toBe(1051n); // 1051.05
    expect(adjustByBps(150n, 100n)).toBe(152n); // 151.5 → 152
    expect(adjustByBps(1234n, 0n)).toBe(1234n);
    expect(adjustByBps(1234n, -10_000n)).toBe(0n);
  });
});

describe('variance', () => {
  it('is a percentage of the budget with one decimal, or null with no budget', () => {
    expect(variancePercent(11_000n, 10_000n)).toBe('10.0');
    expect(variancePercent(9_000n, 10_000n)).toBe('-10.0');
    expect(variancePercent(1n, 3n)).toBe('-66.7');
    expect(variancePercent(5n, 0n)).toBeNull();
    expect(variancePercent(-50n, -100n)).toBe('50.0');
  });
  it('calls more income and less spending favourable', () => {
    expect(isFavourable('income', 10n)).toBe(true);
    expect(isFavourable('expense', 10n)).toBe(false);
    expect(isFavourable('expense', -10n)).toBe(true);
    expect(isFavourable('expense', 0n)).toBeNull();
  });
});

describe('budget CSV', () => {
  const header = 'account_code,cost_center_code,jan,feb,mar,apr,may,jun,jul,aug,sep,oct,nov,dec';

  it('reads one row per account and cost center with twelve months in AED', () => {
    const { rows, errors } = parseBudgetCsv(`\uFEFF${header}\r\n6110,OPS,"10,000",10000,10000.50,,,,,,,,,1\r\n4110,,1,2,3,4,5,6,7,8,9,10,11,12\r\n\r\n`);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ line: 2, accountCode: '6110', costCenter: 'OPS' });
    expect(rows[0].amounts.slice(0, 4)).toEqual([1_000_000n, 1_000_000n, 1_000_050n, 0n]);
    expect(rows[0].amounts[11]).toBe(100n);
    expect(rows[1].costCenter).toBeNull();
  });

  it('accepts the export’s own columns (names and total) and month names in any case', () => {
    const csv = 'Account code,Account name,Cost center code,January,February,March,April,May,June,July,August,September,October,November,December,Total\n6110,Salaries,ops,1,1,1,1,1,1,1,1,1,1,1,1,12\n';
    const { rows, errors } = parseBudgetCsv(csv);
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({ accountCode: '6110', costCenter: 'OPS' });
  });

  it('lists every row error with its line, and keeps only clean rows', () => {
    const csv = [
      header,
      '6110,OPS,1,1,1,1,1,1,1,1,1,1,1,1',
      '6110,OPS,2,2,2,2,2,2,2,2,2,2,2,2',
      ',OPS,1,1,1,1,1,1,1,1,1,1,1,1',
      '6120,,12.345,1,1,1,1,1,1,1,1,1,1,1',
      '6130,,1,1,1',
      '6140,bad code!,1,1,1,1,1,1,1,1,1,1,1,1',
    ].join('\n');
    const { rows, errors } = parseBudgetCsv(csv);
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
    expect(errors[0].message).toMatch(/already on line 2/);
    expect(errors[1].message).toMatch(/account code is missing/);
    expect(errors[2]).toMatchObject({ column: 'jan' });
    expect(errors[2].message).toMatch(/12\.345/);
    expect(errors[3].message).toMatch(/5 fields.*14/);
    expect(errors[4].column).toBe('cost_center_code');
  });

  it('refuses a file without the month columns or with unknown ones', () => {
    expect(parseBudgetCsv('account_code,jan,feb\n6110,1,2').errors[0].message).toMatch(/Missing columns: mar, apr/);
    expect(parseBudgetCsv(`${header},notes\n`).errors[0].message).toMatch(/Unknown column: notes/);
    expect(parseBudgetCsv('').errors[0].message).toMatch(/empty/);
    expect(parseBudgetCsv(`${header}\n`).errors[0].message).toMatch(/no rows/);
  });
});
