import { describe, expect, it } from 'vitest';
import { NO_ITEMS, computePay, employedIn, sifPay } from './compute';
import { gratuity } from './gratuity';

const e = { basicSalary: 3_000_000n, housingAllowance: 1_000_000n, transportAllowance: 200_000n, otherAllowance: 0n, joinedOn: '2024-01-01', leftOn: null as string | null };

describe('a month of pay', () => {
  it('pays a full month in full', () => {
    const p = computePay(e, '2026-02', NO_ITEMS, 0n);
    expect(p).toMatchObject({ startDate: '2026-02-01', endDate: '2026-02-28', daysPaid: 28, basic: 3_000_000n, allowances: 1_200_000n, net: 4_200_000n, gratuityPayout: 0n });
    expect(p.gratuityAccrual).toBe(gratuity(3_000_000n, '2024-01-01', '2026-02-28').amount);
  });

  it('pays a joiner pro rata by calendar days', () => {
    const p = computePay({ ...e, joinedOn: '2026-04-11' }, '2026-04', NO_ITEMS, 0n);
    // 20 of 30 days.
    expect(p).toMatchObject({ startDate: '2026-04-11', daysPaid: 20, basic: 2_000_000n, allowances: 800_000n, net: 2_800_000n });
  });

  it('pays a leaver pro rata with the final settlement and trues up the provision', () => {
    const leaver = { ...e, joinedOn: '2020-03-01', leftOn: '2026-03-10' };
    const provided = 10_000_000n;
    const p = computePay(leaver, '2026-03', NO_ITEMS, provided);
    const g = gratuity(3_000_000n, '2020-03-01', '2026-03-10');
    expect(p).toMatchObject({ endDate: '2026-03-10', daysPaid: 10, basic: 967_742n, gratuityPayout: g.amount, gratuityAccrual: g.amount - provided });
    expect(p.net).toBe(p.basic + p.allowances + g.amount);
    expect(p.gratuityStatement).toContain('30 days per year');
  });

  it('releases the provision of a leaver under one year', () => {
    const p = computePay({ ...e, joinedOn: '2025-09-01', leftOn: '2026-03-31' }, '2026-03', NO_ITEMS, 500_000n);
    expect(p).toMatchObject({ gratuityPayout: 0n, gratuityAccrual: -500_000n });
  });

  it('applies unpaid leave, overtime, bonus and deductions', () => {
    const p = computePay(e, '2026-02', { overtimeHundredths: 1_000n, bonus: 50_000n, deduction: 30_000n, unpaidLeaveDays: 3 }, 0n);
    // leave: 3,000,000 / 30 × 3 and 1,200,000 / 30 × 3; overtime: 10 h × 30,000 / 30 / 8 × 1.25.
    expect(p).toMatchObject({ basic: 2_700_000n, allowances: 1_080_000n, overtime: 156_250n, bonus: 50_000n, deductions: 30_000n, unpaidLeaveDays: 3 });
    expect(p.net).toBe(2_700_000n + 1_080_000n + 156_250n + 50_000n - 30_000n);
    expect(sifPay(p)).toEqual({ fixed: 2_700_000n + 1_080_000n - 30_000n, variable: 206_250n });
  });

  it('knows who was employed in a month', () => {
    expect(employedIn({ joinedOn: '2026-04-30', leftOn: null }, '2026-04')).toBe(true);
    expect(employedIn({ joinedOn: '2026-05-01', leftOn: null }, '2026-04')).toBe(false);
    expect(employedIn({ joinedOn: '2020-01-01', leftOn: '2026-03-31' }, '2026-04')).toBe(false);
  });
});
