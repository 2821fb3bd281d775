import { describe, expect, it } from 'vitest';
import { parseMt940Statement } from './mt940';

const enc = (s: string) => new TextEncoder().encode(s);

const MT940 = [
  ':20:STMT260331001',
  ':25:AE070331234567890123456',
  ':28C:00063/001',
  ':60F:C260228AED154490,55',
  ':61:2603050305C12500,00NTRFINV-2026-0004//FT26064ABC123',
  ':86:/NAME/AL NOOR TRADING LLC/REMI/INV-2026-0004 PAYMENT',
  ':61:2603170317D3150,00NTRF8841//FT26076P02',
  ':86:IPI TRANSFER TO PALM FACILITIES MGMT LLC',
  'INV 8841 MARCH SERVICES',
  ':61:2603310331D26,25NCHGNONREF',
  ':86:ENBD CHARGES ACCOUNT MAINTENANCE',
  ':61:2603310331RC100,00NTRFNONREF//REV1',
  ':86:REVERSAL OF CREDIT',
  ':62F:C260331AED163714,30',
  '-',
].join('\r\n');

describe('MT940 statements', () => {
  it('reads :60F:/:61:/:86:/:62F: with exact amounts, references, multi-line information and reversals', async () => {
    const s = await parseMt940Statement(enc(MT940));
    expect(s.lines).toEqual([
      { date: '2026-03-05', amount: 1_250_000n, description: '/NAME/AL NOOR TRADING LLC/REMI/INV-2026-0004 PAYMENT', reference: 'INV-2026-0004', counterparty: 'AL NOOR TRADING LLC', bankRef: 'FT26064ABC123' },
      { date: '2026-03-17', amount: -315_000n, description: 'IPI TRANSFER TO PALM FACILITIES MGMT LLCINV 8841 MARCH SERVICES', reference: '8841', counterparty: '', bankRef: 'FT26076P02' },
      { date: '2026-03-31', amount: -2_625n, description: 'ENBD CHARGES ACCOUNT MAINTENANCE', reference: '', counterparty: '', bankRef: undefined },
      { date: '2026-03-31', amount: -10_000n, description: 'REVERSAL OF CREDIT', reference: '', counterparty: '', bankRef: 'REV1' },
    ]);
    expect(s.openingBalance).toBe(15_449_055n);
    expect(s.closingBalance).toBe(16_371_430n);
    expect(s.openingBalance! + s.lines.reduce((t, l) => t + l.amount, 0n)).toBe(s.closingBalance);
    expect([s.currency, s.periodFrom, s.periodTo]).toEqual(['AED', '2026-03-05', '2026-03-31']);
  });

  it('dates a line booked in January against a December value date in the new year', async () => {
    const text = [':20:X', ':25:AE07', ':60F:C251231AED0,00', ':61:2512310102C5,00NTRFNONREF', ':86:LATE', ':62F:C260102AED5,00'].join('\n');
    const s = await parseMt940Statement(enc(text));
    expect(s.lines[0]!.date).toBe('2026-01-02');
  });

  it('refuses a file without statement fields or with an unreadable :61: line', async () => {
    await expect(parseMt940Statement(enc('hello world'))).rejects.toThrow(/no :20: statement/);
    await expect(parseMt940Statement(enc(MT940.replace(':61:2603310331D26,25', ':61:26033X')))).rejects.toThrow(/is not a statement line/);
  });
});
