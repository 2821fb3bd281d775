import { describe, expect, it } from 'vitest';
import { buildSif, sifFilename, sifProblems, type SifEmployee } from './sif';
import { EDR, SCR } from './sif-format.test-helper';


const emp = (o: Partial<SifEmployee> = {}): SifEmployee => ({
  name: 'Layla Haddad',
  wpsPersonId: '10000020256001',
  routingCode: '803320101',
  iban: 'AE590331000123456789012',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  daysPaid: 31,
  fixed: 2_650_000n,
  variable: 12_345n,
  unpaidLeaveDays: 0,
  ...o,
});
const employer = { employerId: '1000000123456', routingCode: '803320101' };

describe('WPS SIF', () => {
  it('writes one EDR per employee and the SCR with the totals last', () => {
    const { text, total } = buildSif({ employer, period: '2026-03', createdAt: { date: '2026-04-01', time: '0930' }, reference: 'Payroll 2026-03', employees: [emp(), emp({ wpsPersonId: '10000020256002', fixed: 100n, variable: 0n, daysPaid: 9, unpaidLeaveDays: 2 })] });
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('EDR,10000020256001,803320101,AE590331000123456789012,2026-03-01,2026-03-31,31,26500.00,123.45,0');
    for (const l of lines.slice(0, 2)) expect(l).toMatch(EDR);
    expect(lines[2]).toMatch(SCR);
    expect(lines[2]).toBe('SCR,1000000123456,803320101,2026-04-01,0930,032026,2,26624.45,AED,Payroll 2026-03');
    expect(total).toBe(2_662_445n);
  });

  it('names every missing field and employee', () => {
    const problems = sifProblems({ employer: { employerId: '', routingCode: '12' }, employees: [emp({ name: 'A B', wpsPersonId: null }), emp({ name: 'C D', routingCode: '' })] });
    expect(problems).toEqual([
      'the employer’s 13-digit establishment id (payroll settings)',
      'the employer bank’s 9-digit routing code (payroll settings)',
      'A B: 14-digit WPS person id',
      'C D: 9-digit bank routing code',
    ]);
    expect(sifProblems({ employer, employees: [emp()] })).toEqual([]);
  });

  it('names the file by the bank convention in Dubai time', () => {
    expect(sifFilename('1000000123456', new Date('2026-04-01T05:30:15Z'))).toBe('1000000123456260401093015.SIF');
  });
});
