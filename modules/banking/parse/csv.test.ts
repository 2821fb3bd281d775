import { describe, expect, it } from 'vitest';
import { csvMappingInput } from '../contract';
import { csvDate, parseCsvStatement, splitCsv } from './csv';
import { StatementParseError } from './types';

/** Shaped like an Emirates NBD account statement export: title rows, newest first, debit/credit and running balance. */
const ENBD = [
  'Account Statement',
  'Account Number,1012345678901,Currency,AED',
  'Transaction Date,Value Date,Narration,Transaction Reference,Debit,Credit,Running Balance',
  '18/03/2026,18/03/2026,"CHARGES FOR TELEGRAPHIC TRANSFER, VAT INCL",FT26077XK1,26.25,,"163,814.30"',
  '17/03/2026,17/03/2026,"IPI TRANSFER TO PALM FACILITIES MGMT LLC INV 8841",FT26076P02,"3,150.00",,"163,840.55"',
  '15/03/2026,16/03/2026,"INWARD TT FROM AL NOOR TRADING LLC INV-2026-0004",FT26074ABC,,"12,500.00","166,990.55"',
].join('\r\n');

const enbdMapping = csvMappingInput.parse({
  skipRows: 2,
  dateColumn: 0,
  dateFormat: 'DD/MM/YYYY',
  descriptionColumn: 2,
  referenceColumn: 3,
  debitColumn: 4,
  creditColumn: 5,
  balanceColumn: 6,
});

describe('CSV statements', () => {
  it('reads an Emirates NBD-like export with debit and credit columns, newest first, and its running balance', () => {
    const s = parseCsvStatement(ENBD, enbdMapping);
    expect(s.lines).toEqual([
      { date: '2026-03-18', amount: -2_625n, description: 'CHARGES FOR TELEGRAPHIC TRANSFER, VAT INCL', reference: 'FT26077XK1', counterparty: '' },
      { date: '2026-03-17', amount: -315_000n, description: 'IPI TRANSFER TO PALM FACILITIES MGMT LLC INV 8841', reference: 'FT26076P02', counterparty: '' },
      { date: '2026-03-15', amount: 1_250_000n, description: 'INWARD TT FROM AL NOOR TRADING LLC INV-2026-0004', reference: 'FT26074ABC', counterparty: '' },
    ]);
    // Oldest row: 166,990.55 after +12,500.00, so the day before it stood at 154,490.55.
    expect(s.openingBalance).toBe(15_449_055n);
    expect(s.closingBalance).toBe(16_381_430n);
    expect([s.periodFrom, s.periodTo]).toEqual(['2026-03-15', '2026-03-18']);
  });

  it('reads a signed amount column with a decimal comma, semicolons and US dates, without balances when none are mapped', () => {
    const text = 'Date;Payee;Details;Amount\n03/01/2026;"ACME ""Gulf"" LLC";Rent March;-1.250,50\n03/02/2026;DEWA;"Utilities; Feb";-310,00\n';
    const s = parseCsvStatement(text, csvMappingInput.parse({ delimiter: ';', dateColumn: 0, dateFormat: 'MM/DD/YYYY', counterpartyColumn: 1, descriptionColumn: 2, amountColumn: 3, decimalComma: true }));
    expect(s.lines.map((l) => [l.date, l.amount, l.counterparty, l.description])).toEqual([
      ['2026-03-01', -125_050n, 'ACME "Gulf" LLC', 'Rent March'],
      ['2026-03-02', -31_000n, 'DEWA', 'Utilities; Feb'],
    ]);
    expect(s.openingBalance).toBeUndefined();
  });

  it('names the row and what is wrong when a date or amount does not fit the mapping', () => {
    const mapping = csvMappingInput.parse({ dateColumn: 0, dateFormat: 'YYYY-MM-DD', descriptionColumn: 1, amountColumn: 2 });
    expect(() => parseCsvStatement('Date,Text,Amount\n2026-02-30,x,1.00\n', mapping)).toThrow(/row 2: "2026-02-30" is not a date in the format YYYY-MM-DD/);
    expect(() => parseCsvStatement('Date,Text,Amount\n2026-02-03,x,one\n', mapping)).toThrow(StatementParseError);
    expect(() => parseCsvStatement('Date,Text,Amount\n', mapping)).toThrow(/no rows/);
  });

  it('splits quoted fields with line breaks and understands the three date formats', () => {
    expect(splitCsv('a,"b\nc",d\r\n\r\n1,2,3', ',')).toEqual([['a', 'b\nc', 'd'], ['1', '2', '3']]);
    expect(csvDate('5/3/2026', 'DD/MM/YYYY')).toBe('2026-03-05');
    expect(csvDate('5/3/2026', 'MM/DD/YYYY')).toBe('2026-05-03');
    expect(csvDate('2026-03-05 10:22', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(csvDate('31/04/2026', 'DD/MM/YYYY')).toBeNull();
  });

  it('refuses a mapping with both an amount column and debit/credit columns, or neither', () => {
    expect(csvMappingInput.safeParse({ dateColumn: 0, dateFormat: 'YYYY-MM-DD', descriptionColumn: 1, amountColumn: 2, debitColumn: 3, creditColumn: 4 }).success).toBe(false);
    expect(csvMappingInput.safeParse({ dateColumn: 0, dateFormat: 'YYYY-MM-DD', descriptionColumn: 1, debitColumn: 3 }).success).toBe(false);
    expect(csvMappingInput.safeParse({ dateColumn: 0, dateFormat: 'YYYY-MM-DD', descriptionColumn: 1 }).success).toBe(false);
  });
});
